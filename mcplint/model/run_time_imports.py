"""Modules a server's wiring imports at run time, and the calls it makes on them.

Real servers load their tool modules by name instead of importing them: a list of module
names looped over (``for path in TOOL_MODULES: mod = importlib.import_module(path);
mod.register_tools(mcp)``), names built in the loop (``import_module(f".{name}", __package__)``,
``__import__(f"tools.{name}", fromlist=["register"])``), or every module of a folder
(``pkgutil.iter_modules(tools.__path__)``, ``Path(__file__).parent.glob("*.py")``,
``os.listdir(os.path.dirname(__file__))``). The server such a module's registration function
receives is only known from these calls.

This stays static: a name is taken from the literal the loop walks, and a folder listing is
answered from the files present in the linted tree (``list_folder``), never by importing or
running anything. A call whose module name cannot be told from the source is skipped (its
registration function stays unresolved, a gap in the coverage report).

``importlib.import_module``: CPython 3.12 ``Lib/importlib/__init__.py`` (relative names need
``package``, here taken as the importing module's own package); ``pkgutil.iter_modules``
yields ``ModuleInfo(module_finder, name, ispkg)`` for each module and package of the folders.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import libcst as cst

from mcplint.model.module_info import dotted_name, literal_value, memo_by_node, walk

_MAX_NAMES = 256  # module names a loop may stand for; more: unknown
_IMPORTERS = frozenset({"importlib.import_module", "import_module", "__import__"})
_WRAPPERS = frozenset({"sorted", "list", "tuple", "set", "reversed", "enumerate"})
_LISTINGS = frozenset({"glob", "rglob", "iterdir", "listdir", "iter_modules", "scandir"})

#: The loop target stands for every module of this folder (a listing's element).
_Listing = tuple[str, Path]
Resolve = Callable[[str], "Path | None"]


def run_time_calls(module: cst.Module, importer: Path, resolve: Resolve,
                   list_folder: Callable[[Path], list[Path]]) -> Iterator[tuple[Path, str, cst.Call]]:
    """(module file, dotted name called on it, call) for each call made on a module that
    ``module`` (the file ``importer``) imports at run time: ``mod.register_tools(mcp)`` after
    ``mod = importlib.import_module(name)``. ``resolve(name)`` gives the project file of an
    absolute or relative module name (None: not in the project); ``list_folder(folder)`` the
    module files of a folder present in the tree (``.py`` files and packages' ``__init__.py``)."""
    imports = _module_imports(module)
    for loop in walk(module):
        if type(loop) is cst.For:
            envs = _loop_envs(loop, module, importer, imports, resolve)
            if envs:
                yield from _imported_calls(loop.body, envs, importer, resolve, list_folder)
        elif type(loop) is cst.FunctionDef or loop is module:
            yield from _imported_calls(loop.body if loop is not module else loop, [{}], importer, resolve,
                                       list_folder, loops=False)


def _imported_calls(body: cst.CSTNode, envs: list[dict], importer: Path, resolve: Resolve,
                    list_folder: Callable[[Path], list[Path]], loops: bool = True) -> Iterator[tuple[Path, str, cst.Call]]:
    """The calls in ``body`` on a name bound there to ``import_module(...)`` (or on the
    call itself), for each binding of the loop's names in ``envs``. Without ``loops`` (a
    function's or the module's own pass) only literal module names count: a name built from
    a loop's target is read by that loop's pass."""
    bound: dict[str, cst.Call] = {}
    for node in walk(body, into_nested_scopes=False):
        if type(node) is cst.Assign and len(node.targets) == 1 and type(node.targets[0].target) is cst.Name \
                and _is_import_call(node.value):
            bound[node.targets[0].target.value] = node.value
    for node in walk(body, into_nested_scopes=False):
        if type(node) is not cst.Call or type(node.func) is not cst.Attribute:
            continue
        receiver, attribute = node.func.value, node.func.attr.value
        made = receiver if _is_import_call(receiver) else bound.get(dotted_name(receiver) or "")
        if made is None or not made.args:
            continue
        for file in _module_files(made, envs, importer, resolve, list_folder, loops):
            yield file, attribute, node


def _is_import_call(node: cst.BaseExpression) -> bool:
    return type(node) is cst.Call and (dotted_name(node.func) or "") in _IMPORTERS


def _module_files(call: cst.Call, envs: list[dict], importer: Path, resolve: Resolve,
                  list_folder: Callable[[Path], list[Path]], loops: bool) -> list[Path]:
    """The project files ``import_module(arg)`` loads, one name per binding of the loop."""
    found: list[Path] = []
    # __import__("a.b") returns the package a; with a fromlist, the module a.b itself
    top_only = dotted_name(call.func) == "__import__" and len(call.args) < 4 \
        and not any(arg.keyword is not None and arg.keyword.value == "fromlist" for arg in call.args)
    for env in envs:
        text = _string(call.args[0].value, env)
        if top_only and isinstance(text, str) and "." in text:
            continue
        if isinstance(text, tuple):  # a listing's element: every module of that folder
            if loops:
                found.extend(path for path in list_folder(text[1]) if path != importer)
            continue
        if text is None or not text.strip("."):
            continue
        file = resolve(text)
        if file is not None and file != importer and file not in found:
            found.append(file)
    return found


def _string(node: cst.BaseExpression, env: dict) -> str | _Listing | None:
    """The module name ``node`` evaluates to with the loop's names ``env``; a listing marker
    when it is built from a folder listing's element; None when unknown."""
    kind = type(node)
    if kind is cst.SimpleString:
        value = literal_value(node)
        return value if isinstance(value, str) else None
    if kind is cst.Name:
        return env.get(node.value)
    if kind is cst.FormattedString:
        parts: list[str] = []
        for part in node.parts:
            if type(part) is cst.FormattedStringText:
                parts.append(part.value)
                continue
            value = _string(part.expression, env)
            if value is None:
                value = _listed(part.expression, env)
            if not isinstance(value, str):
                return value
            parts.append(value)
        return "".join(parts)
    if kind is cst.BinaryOperation and type(node.operator) is cst.Add:
        left, right = _string(node.left, env), _string(node.right, env)
        if isinstance(left, tuple) or isinstance(right, tuple):
            return left if isinstance(left, tuple) else right
        return left + right if left is not None and right is not None else None
    return _listed(node, env)


def _listed(node: cst.BaseExpression, env: dict) -> _Listing | None:
    """A listing marker when ``node`` is computed from a listed element (``path.stem``,
    ``info.name``, ``name[:-3]``, ``os.path.splitext(f)[0]``), else None."""
    markers = [env[n.value] for n in walk(node) if type(n) is cst.Name and isinstance(env.get(n.value), tuple)]
    return markers[0] if markers else None


def _loop_envs(loop: cst.For, module: cst.Module, importer: Path, imports: dict[str, str],
               resolve: Resolve) -> list[dict]:
    """One binding of the loop target's names per element of what the loop walks: a literal
    list of names or of tuples of names (also a module-level constant), or a folder listing
    (each name then a listing marker). [] when the loop walks anything else."""
    iterable = loop.iter
    if type(iterable) is cst.Name:
        iterable = _module_constant(module, iterable.value) or iterable
    folder = _listing_folder(iterable, importer, imports, resolve, module)
    if folder is not None:
        marker = ("listing", folder)
        return [{name: marker for name in _target_names(loop.target)}]
    if type(iterable) not in (cst.List, cst.Tuple, cst.Set) or len(iterable.elements) > _MAX_NAMES:
        return []
    envs = []
    for element in iterable.elements:
        env = _unpack(loop.target, element.value)
        if env is None:
            return []
        envs.append(env)
    return envs


def _unpack(target: cst.BaseExpression, value: cst.BaseExpression) -> dict | None:
    """The names ``target`` binds to the strings of ``value`` (None: not all strings)."""
    if type(target) is cst.Name:
        text = literal_value(value) if type(value) is cst.SimpleString else None
        return {target.value: text} if isinstance(text, str) else {}
    if type(target) in (cst.Tuple, cst.List) and type(value) in (cst.Tuple, cst.List) \
            and len(target.elements) == len(value.elements):
        env: dict = {}
        for name, item in zip(target.elements, value.elements):
            inner = _unpack(name.value, item.value)
            if inner is None:
                return None
            env.update(inner)
        return env
    return None


def _target_names(target: cst.BaseExpression) -> Iterator[str]:
    for node in walk(target):
        if type(node) is cst.Name:
            yield node.value


def _listing_folder(iterable: cst.BaseExpression, importer: Path, imports: dict[str, str],
                    resolve: Resolve, module: cst.Module) -> Path | None:
    """The folder a listing call walks (``Path(__file__).parent.glob("*.py")``,
    ``pkgutil.iter_modules(tools.__path__)``, ``os.listdir(os.path.dirname(__file__))``,
    ``(Path(__file__).parent / "tools").iterdir()``), None when it is no listing or the
    folder is not known from the source."""
    while type(iterable) is cst.Call and dotted_name(iterable.func) in _WRAPPERS and iterable.args:
        iterable = iterable.args[0].value  # sorted(folder.glob("*.py"))
    if type(iterable) is not cst.Call:
        return None
    name = dotted_name(iterable.func) or (iterable.func.attr.value if type(iterable.func) is cst.Attribute else "")
    if name.rpartition(".")[2] not in _LISTINGS:
        return None
    base: Path | None = None
    for node in walk(iterable):
        if type(node) is cst.Name and node.value not in ("__file__", "__path__"):
            value = _module_constant(module, node.value)  # HERE = os.path.dirname(__file__)
            if value is not None and any(type(n) is cst.Name and n.value == "__file__" for n in walk(value)):
                base = importer.parent
        if type(node) is cst.Name and node.value in ("__file__", "__path__"):
            base = importer.parent
        elif type(node) is cst.Attribute and node.attr.value == "__path__":
            package = dotted_name(node.value)
            qualified = imports.get(package or "")
            file = resolve(qualified) if qualified else None
            if file is not None and file.name == "__init__.py":
                return file.parent
            return None
    if base is None:
        return None
    parts = [literal_value(n) for n in walk(iterable) if type(n) is cst.SimpleString]
    for part in parts:  # the literal subfolder joined to it, not the glob pattern
        if isinstance(part, str) and part and "*" not in part and not part.endswith(".py") \
                and part not in (".", "..") and "/" not in part:
            base = base / part
    return base


def _module_imports(module: cst.Module) -> dict[str, str]:
    """Local name -> qualified name of every ``import`` in ``module``, at any depth (a
    wiring function often imports the package it lists inside its body)."""
    found: dict[str, str] = {}
    for node in walk(module):
        if type(node) is cst.Import:
            for alias in node.names:
                qualified = dotted_name(alias.name)
                if qualified is None:
                    continue
                local = alias.asname.name.value if alias.asname is not None and type(alias.asname.name) is cst.Name \
                    else qualified.partition(".")[0]
                found.setdefault(local, qualified if alias.asname is not None else local)
        elif type(node) is cst.ImportFrom and not isinstance(node.names, cst.ImportStar):
            base = "." * len(node.relative) + (dotted_name(node.module) or "" if node.module is not None else "")
            for alias in node.names:
                if type(alias.name) is not cst.Name:
                    continue
                local = alias.asname.name.value if alias.asname is not None and type(alias.asname.name) is cst.Name \
                    else alias.name.value
                joined = f"{base}.{alias.name.value}" if base and not base.endswith(".") else base + alias.name.value
                found.setdefault(local, joined)
    return found


_BINDINGS: dict = {}  # memo of _name_bindings, by module


def _module_constant(module: cst.Module, name: str) -> cst.BaseExpression | None:
    """The literal ``NAME = [...]`` (or annotated) binds, when ``module`` binds ``NAME`` so
    once, at any depth (a wiring function keeps its module list local)."""
    found = memo_by_node(_BINDINGS, module, lambda: _name_bindings(module), limit=16).get(name, ())
    return found[0] if len(found) == 1 else None


def _name_bindings(module: cst.Module) -> dict[str, list[cst.BaseExpression | None]]:
    """Name -> the value of each binding of it in ``module`` at any depth (None where the value
    is not one literal: ``a = b = ...``, ``n += ...``), indexed once per tree: every name a loop
    or a folder listing uses asks for its binding."""
    found: dict[str, list[cst.BaseExpression | None]] = {}
    for small in walk(module):
        if type(small) is cst.Assign:
            for target in small.targets:
                if type(target.target) is cst.Name:
                    found.setdefault(target.target.value, []).append(small.value if len(small.targets) == 1 else None)
        elif type(small) is cst.AnnAssign and type(small.target) is cst.Name:
            found.setdefault(small.target.value, []).append(small.value)
        elif type(small) is cst.AugAssign and type(small.target) is cst.Name:
            found.setdefault(small.target.value, []).append(None)
    return found
