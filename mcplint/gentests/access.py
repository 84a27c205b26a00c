"""How a generated test builds the server object: the call it makes, solved from the source.

A server made at module level is an attribute of its module; one made in a function is
built by calling that function (``serve(repository, config)``), one made in a class by
making an instance (``App().server``). The arguments such a call needs are solved from the
text where mcplint can: a parameter with a default is left out, ``Optional``/``X | None`` is
``None``, ``str``/``int``/``float``/``bool`` get a sample, ``Path`` the test's empty
temporary folder, a class whose fields all have defaults (a dataclass, a pydantic model, a
class whose ``__init__`` needs nothing) an instance, and the module's own call with literal
arguments (``serve(Path("repo"))`` under ``__main__``) is reused. What is left is a ``...``
placeholder the author fills in (:class:`ServerBuild` ``solved`` is False). Nothing is run.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Callable, Iterator, Mapping

import libcst as cst

from mcplint.gentests.source import call, py_string, py_value
from mcplint.model.module_info import build_module_info, dotted_name, suite_statements, walk

_EMPTY = cst.Module(body=[])
#: The name of the temporary folder the generated ``build_server`` receives.
WORK_DIR = "work_dir"
_SAMPLES = {"str": '"sample"', "int": "1", "float": "1.0", "bool": "False", "Path": WORK_DIR,
            "pathlib.Path": WORK_DIR, "list": "[]", "List": "[]", "typing.List": "[]", "dict": "{}", "Dict": "{}",
            "typing.Dict": "{}", "Sequence": "[]", "Mapping": "{}"}
_MODEL_BASES = {"BaseModel", "pydantic.BaseModel", "BaseSettings", "pydantic_settings.BaseSettings"}


@dataclass
class ServerBuild:
    """How to get the server object from its imported module ``module``.

    ``expression`` is Python source over the names ``module`` and ``work_dir`` (``module.mcp``,
    ``module.serve(repository=work_dir)``); ``awaited`` when the call is a coroutine;
    ``what`` names it for a docstring; ``unsolved`` lists the parameters the author must fill
    in (the ``...`` placeholders in ``expression``); ``reason`` says why there is no
    expression at all (``expression`` is then ``...``); ``captured`` is set when the
    expression calls the generated module's ``capture_server`` (see there).
    """

    expression: str
    what: str
    awaited: bool = False
    unsolved: list[str] = field(default_factory=list)
    reason: str = ""
    #: The server class (dotted import path) whose run methods ``capture_server`` stops, when
    #: the function makes the server and runs it instead of returning it; else "".
    captured: str = ""
    #: A sentence for ``build_server``'s docstring about how the server is reached.
    note: str = ""

    @property
    def solved(self) -> bool:
        """True when the expression needs nothing from the author."""
        return not self.unsolved and not self.reason


def server_build(module: cst.Module, constructor: cst.CSTNode | None,
                 classes: Mapping[str, cst.ClassDef] | None = None,
                 qualify: Callable[[cst.BaseExpression], str | None] | None = None) -> ServerBuild:
    """The way to build the server whose constructor call is ``constructor`` in ``module``.

    ``classes`` finds a class by the name ``module`` binds it to (the model's
    :class:`~mcplint.model.module_info.ModuleInfo` ``classes``, which also reads one imported
    from a project module); by default, the classes ``module`` defines. ``qualify`` gives the
    dotted import path of a name (``ModuleInfo.qualify``; by default ``module``'s own). Never
    raises: what cannot be solved is listed in ``unsolved``.
    """
    chain = _ancestors(module, constructor) if constructor is not None else None
    if not chain:
        return _unreachable("mcplint did not find where the server is made")
    scopes = [node for node in chain if isinstance(node, (cst.FunctionDef, cst.ClassDef))]
    if _under_main(chain):
        return _unreachable("the server is made under `if __name__ == \"__main__\":`, which importing "
                            "the module does not run")
    info = build_module_info(module) if classes is None or qualify is None else None
    solver = _Solver(module, classes if classes is not None else info.classes)
    if not scopes:
        name = _assigned_name(chain, constructor)
        return ServerBuild(f"module.{name}", f"`{name}`") if name else _unreachable(
            "the server object is not assigned to a module-level name")
    made = _module_level_result(module, scopes[0].name.value)
    if isinstance(scopes[0], cst.FunctionDef) and len(scopes) == 1:
        if made is not None:  # `app = create_app()`: what the module registers on it is on that one
            return ServerBuild(f"module.{made}", f"`{made}`")
        return _factory_build(scopes[0], solver, _run_class(chain, constructor, qualify or info.qualify))
    if isinstance(scopes[0], cst.ClassDef) and len(scopes) <= 2:
        return _class_build(scopes[0], scopes[1:], chain, constructor, solver, made)
    return _unreachable("the server is made in a nested function or class")


def _module_level_result(module: cst.Module, callee: str) -> str | None:
    """``app`` of the one module-level ``app = callee(...)``; None when there is none, or
    several (which of them is the server under test is the author's choice)."""
    found = []
    for statement in _top_level(module.body):
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if isinstance(small, (cst.Assign, cst.AnnAssign)) and isinstance(small.value, cst.Call) \
                    and dotted_name(small.value.func) == callee:
                targets = small.targets if isinstance(small, cst.Assign) else [small]
                found += [t.target.value for t in targets if isinstance(t.target, cst.Name)][:1]
    return found[0] if len(found) == 1 else None


def _unreachable(reason: str) -> ServerBuild:
    return ServerBuild("...", "the server object", reason=reason)


def _factory_build(function: cst.FunctionDef, solver: _Solver, runs: str | None) -> ServerBuild:
    """A call of the function that makes the server; when it runs the server (``runs``, the
    server's class) instead of returning it, the call goes through ``capture_server``."""
    name = function.name.value
    what = f"`{name}({_parameter_list(function)})`"
    arguments, unsolved = solver.arguments(function, name, method=False)
    if _returns_value(function):
        awaited = function.asynchronous is not None
        return ServerBuild(_returned(f"{'await ' if awaited else ''}module.{name}", arguments), what, awaited,
                           unsolved)
    if runs is None:
        return _unreachable(f"`{name}()` makes the server but neither returns nor runs it; "
                            "a function that builds and returns it can be called here")
    what = f"the server made by {what}"
    note = (f"`{name}()` runs the server rather than return it: capture_server calls it with running "
            "stopped and takes the server it was about to run.")
    return ServerBuild(_returned("await capture_server", [py_string(runs), f"module.{name}", *arguments]), what,
                       True, unsolved, captured=runs, note=note)


#: The methods that start serving, per SDK: mcp 1.x/2.x ``Server.run`` and ``FastMCP``/
#: ``MCPServer.run*``, fastmcp ``FastMCP.run``/``run_async``/``run_*_async`` (2.14 - 4.2).
RUN_METHODS = ("run", "run_async", "run_stdio_async", "run_sse_async", "run_streamable_http_async",
               "run_http_async")


def _run_class(chain: list, constructor: cst.CSTNode, qualify) -> str | None:
    """The dotted class of the server when the function making it also calls one of its
    :data:`RUN_METHODS` (``await server.run(read, write, options)``), else None."""
    function = next((node for node in reversed(chain) if isinstance(node, cst.FunctionDef)), None)
    name = _assigned_name(chain, constructor)
    if function is None or name is None or not isinstance(constructor, cst.Call):
        return None
    runs = any(isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)
               and node.func.attr.value in RUN_METHODS and dotted_name(node.func.value) == name
               for node in walk(function.body, into_nested_scopes=False))
    qualified = qualify(constructor.func) if runs else None
    return qualified if qualified and "." in qualified else None


def _class_build(cls: cst.ClassDef, methods: list, chain: list, constructor: cst.CSTNode,
                 solver: _Solver, made: str | None) -> ServerBuild:
    """An instance's attribute or method result; ``made`` is the module-level instance
    (``app = App(...)``) when there is one: the module may register more on it."""
    name = cls.name.value
    if not methods:  # a class attribute
        attribute = _assigned_name(chain, constructor)
        return ServerBuild(f"module.{name}.{attribute}", f"`{name}.{attribute}`") if attribute else _unreachable(
            f"the server made in class `{name}` is not assigned to a class attribute")
    method = methods[0]
    init = _method(cls, "__init__")
    arguments, unsolved = solver.arguments(init, name, method=True) if init is not None and made is None else ([], [])
    head = f"module.{made}" if made is not None else " ".join(call(0, f"module.{name}", arguments).split()).replace(
        "( ", "(").replace(",)", ")")
    shown = made if made is not None else f"{name}(...)"
    if method.name.value == "__init__":
        attribute = _self_attribute(chain, constructor)
        if attribute is None:
            return _unreachable(f"the server made in `{name}.__init__` is not kept as a `self.` attribute")
        if made is None:
            return ServerBuild(_returned(f"module.{name}", arguments, f".{attribute}"), f"`{shown}.{attribute}`",
                               unsolved=unsolved)
        return ServerBuild(f"{head}.{attribute}", f"`{shown}.{attribute}`")
    if not _returns_value(method):
        return _unreachable(f"`{name}.{method.name.value}()` makes the server but does not return it")
    more, missing = solver.arguments(method, method.name.value, method=True)
    awaited = method.asynchronous is not None
    return ServerBuild(_returned(f"{'await ' if awaited else ''}{head}.{method.name.value}", more),
                       f"`{shown}.{method.name.value}(...)`", awaited, unsolved + missing)


def _returned(head: str, arguments: list[str], tail: str = "") -> str:
    """``head(arguments)tail`` laid out as ruff format lays out the value of a ``return`` at
    4 columns (what follows ``return``)."""
    return call(4, f"return {head}", arguments, tail).removeprefix("    return ")


class _Solver:
    """Solves the arguments of a call to a function or class of ``module`` from the text."""

    def __init__(self, module: cst.Module, classes: Mapping[str, cst.ClassDef]) -> None:
        self.module = module
        self.classes = classes
        self.bound = _top_level_names(module)

    def arguments(self, function: cst.FunctionDef, callee: str, method: bool) -> tuple[list[str], list[str]]:
        """The arguments (``name=value`` source) to call ``function`` with, and the parameters
        left as ``...`` for the author."""
        known = self._literal_call(function, callee, method)
        params = function.params
        positional = [*params.posonly_params, *params.params][1 if method else 0:]
        arguments, unsolved = [], []
        for param in [*positional, *params.kwonly_params]:
            name = param.name.value
            if name in known:
                value = known[name]
            elif param.default is not None:
                continue
            else:
                value = self.value_for(param.annotation.annotation if param.annotation else None)
            if value is None:
                unsolved.append(f"`{name}`")
                value = "..."
            arguments.append(value if param in params.posonly_params else f"{name}={value}")
        return arguments, unsolved

    def value_for(self, annotation: cst.BaseExpression | None) -> str | None:
        """Source for a valid value of a parameter annotated ``annotation``, or None."""
        if annotation is None:
            return None
        text = _EMPTY.code_for_node(annotation).strip().strip("\"'")
        if _optional(annotation, text):
            return "None"
        base = text.split("[", 1)[0].strip()
        if base in _SAMPLES:
            return _SAMPLES[base]
        if base in self.bound and self._needs_nothing(base):
            return f"module.{base}()"
        return None

    def _needs_nothing(self, name: str) -> bool:
        cls = self.classes.get(name)
        return isinstance(cls, cst.ClassDef) and _class_needs_nothing(cls)

    def _literal_call(self, function: cst.FunctionDef, callee: str, method: bool) -> dict[str, str]:
        """Parameter -> literal argument source of the module's own call of ``callee`` (one whose
        arguments are all literals; the first such call), or {}."""
        params = function.params
        positional = [p.name.value for p in [*params.posonly_params, *params.params]][1 if method else 0:]
        for node in walk(self.module):
            if not isinstance(node, cst.Call) or dotted_name(node.func) != callee or not node.args:
                continue
            values = [_literal_source(arg.value) for arg in node.args]
            if any(v is None for v in values) or any(arg.star for arg in node.args):
                continue
            mapped = {}
            for index, (arg, value) in enumerate(zip(node.args, values, strict=True)):
                key = arg.keyword.value if arg.keyword is not None else (
                    positional[index] if index < len(positional) else None)
                if key is None:
                    break
                mapped[key] = value
            else:
                return mapped
        return {}


def _literal_source(node: cst.BaseExpression) -> str | None:
    """Source of a literal argument (``"x"``, ``8000``, ``Path("repo")``) as ruff format
    writes it, or None."""
    if isinstance(node, cst.Call) and dotted_name(node.func) in ("Path", "pathlib.Path") and len(node.args) == 1:
        inner = _literal_source(node.args[0].value)
        return f"Path({inner})" if inner is not None and not node.args[0].keyword else None
    try:
        return py_value(ast.literal_eval(_EMPTY.code_for_node(node).strip()))
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None


def _optional(annotation: cst.BaseExpression, text: str) -> bool:
    if text.startswith(("Optional[", "typing.Optional[")) or text == "None":
        return True
    if isinstance(annotation, cst.BinaryOperation) and isinstance(annotation.operator, cst.BitOr):
        parts = [part.strip() for part in text.split("|")]
        return "None" in parts
    if text.startswith(("Union[", "typing.Union[")):
        return "None" in [part.strip() for part in text[text.index("[") + 1:-1].split(",")]
    return False


def _class_needs_nothing(cls: cst.ClassDef) -> bool:
    """True when ``cls()`` needs no argument: a dataclass or pydantic model whose fields all
    have defaults, or a class whose ``__init__`` has none required (and no unknown base)."""
    bases = {dotted_name(base.value) for base in cls.bases}
    decorators = {dotted_name(d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator)
                  for d in cls.decorators}
    fields = [s for line in suite_statements(cls.body) if isinstance(line, cst.SimpleStatementLine)
              for s in line.body if isinstance(s, cst.AnnAssign)]
    if decorators & {"dataclass", "dataclasses.dataclass"} or bases & _MODEL_BASES:
        return all(f.value is not None or "ClassVar" in _EMPTY.code_for_node(f.annotation.annotation) for f in fields)
    if bases - {"object", None} or cls.bases and None in bases:
        return False
    init = _method(cls, "__init__")
    if init is None:
        return True
    params = init.params
    return all(p.default is not None for p in [*params.params[1:], *params.kwonly_params]) and not params.posonly_params


def _method(cls: cst.ClassDef, name: str) -> cst.FunctionDef | None:
    return next((s for s in suite_statements(cls.body) if isinstance(s, cst.FunctionDef) and s.name.value == name),
                None)


def _parameter_list(function: cst.FunctionDef) -> str:
    params = function.params
    return ", ".join(p.name.value for p in [*params.posonly_params, *params.params, *params.kwonly_params])


def _returns_value(function: cst.FunctionDef) -> bool:
    return any(isinstance(node, cst.Return) and node.value is not None
               for node in walk(function.body, into_nested_scopes=False))


def _under_main(chain: list) -> bool:
    return any(isinstance(node, cst.If) and "__main__" in _EMPTY.code_for_node(node.test) for node in chain)


def _assigned_name(chain: list, constructor: cst.CSTNode) -> str | None:
    """The plain name the constructor's value is assigned to (``mcp = FastMCP(...)``)."""
    for node in reversed(chain):
        if isinstance(node, cst.Assign) and node.value is constructor:
            names = [t.target.value for t in node.targets if isinstance(t.target, cst.Name)]
            return names[0] if names else None
        if isinstance(node, cst.AnnAssign) and node.value is constructor and isinstance(node.target, cst.Name):
            return node.target.value
    return None


def _self_attribute(chain: list, constructor: cst.CSTNode) -> str | None:
    """``x`` of ``self.x = Server(...)``, or of ``self.x = server`` after ``server = Server(...)``."""
    local = None
    for node in reversed(chain):
        if isinstance(node, (cst.Assign, cst.AnnAssign)) and node.value is constructor:
            targets = node.targets if isinstance(node, cst.Assign) else [node]
            for target in targets:
                name = dotted_name(target.target) or ""
                if name.startswith("self.") and name.count(".") == 1:
                    return name.split(".", 1)[1]
                if isinstance(target.target, cst.Name):
                    local = target.target.value
            break
    function = next((node for node in chain if isinstance(node, cst.FunctionDef)), None)
    if local is None or function is None:
        return None
    for node in walk(function.body, into_nested_scopes=False):
        if isinstance(node, cst.Assign) and isinstance(node.value, cst.Name) and node.value.value == local:
            for target in node.targets:
                name = dotted_name(target.target) or ""
                if name.startswith("self.") and name.count(".") == 1:
                    return name.split(".", 1)[1]
    return None


def _top_level_names(module: cst.Module) -> set[str]:
    """Names bound at module level by a class, a function, an import or an assignment."""
    names: set[str] = set()
    for statement in _top_level(module.body):
        if isinstance(statement, (cst.ClassDef, cst.FunctionDef)):
            names.add(statement.name.value)
        elif isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, (cst.Import, cst.ImportFrom)) and not isinstance(small.names, cst.ImportStar):
                    for alias in small.names:
                        bound = alias.asname.name if alias.asname else alias.name
                        if isinstance(bound, cst.Name):
                            names.add(bound.value)
                elif isinstance(small, cst.Assign):
                    names.update(t.target.value for t in small.targets if isinstance(t.target, cst.Name))
    return names


def _top_level(body) -> Iterator[cst.CSTNode]:
    for statement in body:
        if isinstance(statement, cst.If) and "__main__" in _EMPTY.code_for_node(statement.test):
            continue
        if isinstance(statement, (cst.Try, cst.With, cst.If)):
            yield from _top_level(suite_statements(statement.body))
            continue
        yield statement


def _ancestors(root: cst.CSTNode, target: cst.CSTNode) -> list[cst.CSTNode] | None:
    """The nodes from ``root`` down to ``target`` (both included), or None when absent."""
    stack: list[tuple[cst.CSTNode, int]] = [(root, 0)]
    path: list[cst.CSTNode] = []
    while stack:  # depth-first, in source order: ``path`` is the current node's ancestry
        node, depth = stack.pop()
        del path[depth:]
        path.append(node)
        if node is target:
            return list(path)
        stack.extend((child, depth + 1) for child in reversed(node.children))
    return None
