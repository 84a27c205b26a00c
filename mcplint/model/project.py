"""Cross-module analysis: names a file imports from the linted project's own modules.

Real servers split the contract across files (declarations in ``prompts.py``, the handler
in ``server.py``, validators in ``utils.py``). ``link_project_imports`` finds each imported
project module on disk, parses it (never imports it) and binds what the file imports from
it into the file's :class:`ModuleInfo`, so the evaluator and the handler walk see
``PROMPTS`` or ``validate_env`` as if they were local. Nodes keep belonging to their own
module; the engine places them in the right file.

Only files under the project root are read (the nearest ancestor holding
``pyproject.toml``, ``setup.py``, ``setup.cfg`` or ``.git``), so site-packages and the
SDKs are never consulted; whatever cannot be resolved stays unknown, which keeps rules
silent.
"""

from __future__ import annotations

import ast
import gc
import os
from importlib.util import decode_source
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import libcst as cst

from mcplint.model.instance_calls import instance_calls
from mcplint.model.module_info import ModuleInfo, build_module_info, copy_module_info, dotted_name, walk
from mcplint.model.run_time_imports import run_time_calls
from mcplint.parsing import parse_module
from mcplint.project_search import holds, project_files, search_dependency
from mcplint.regular_files import read_regular
from mcplint.syntax import SourceCheck, check_source

_ROOT_MARKERS = ("pyproject.toml", "setup.py", "setup.cfg", ".git")
#: Files that mark a project root only where no folder above holds one of ``_ROOT_MARKERS``:
#: many servers ship a requirements.txt and no pyproject.toml, and a copy without ``.git``
#: (a download, an extracted archive) would otherwise resolve imports from each file's own
#: folder only. They are weaker, since a sub-folder may carry its own requirements.txt.
_WEAK_ROOT_MARKERS = ("requirements.txt", "Pipfile", "uv.lock", "poetry.lock")
#: Larger modules are generated data, not server code: neither linted (the engine reports
#: MCP002 for such a file) nor read as a project module (their names stay unknown).
MAX_MODULE_BYTES = 2_000_000
_MAX_DEPTH = 3  # project imports followed from the linted file
_MAX_NESTING = 100  # deeper modules are generated data, and slow or fatal for libcst's parser
_MAX_NEIGHBOURS = 200  # modules of a folder read when a registry's fillers are looked for
_MAX_REEXPORTS = 3  # packages re-exporting a registration function, followed to its module
_MAX_PROJECT_FILES = 3000  # modules of a project searched for the callers of a function
_MAX_UNMEMOISED_FILES = 400  # the same when nothing is memoised between lints (the language server)
_FRAMEWORKS = frozenset({"mcp", "fastmcp", "pydantic", "typing", "typing_extensions"})


@dataclass
class LinkedModule:
    """One project module read for cross-module analysis: its path, tree and bindings."""

    path: str
    module: cst.Module
    info: ModuleInfo


#: Parsed project modules by (path, mtime, size), shared by the files one process lints.
#: Only the (immutable) trees: each lint builds its own bindings, since linking adds names
#: to them and one file's links must not leak into another's analysis.
_CACHE: dict[tuple[str, int, int], cst.Module | None] = {}
#: The bytes each tree of ``_CACHE`` was parsed from (see :func:`tree_for_lint`).
_CACHE_DATA: dict[tuple[str, int, int], bytes] = {}
#: CPython's verdict on the text of each tree of ``_CACHE`` (or of a module refused as too deep),
#: with that text (see :func:`source_check_for_lint`); only for text without carriage returns,
#: the one case where the engine decodes the same bytes to the same text.
_CACHE_CHECKS: dict[tuple[str, int, int], tuple[str, SourceCheck]] = {}
#: The trees of the files the engine linted last, by the same key, with their bytes and
#: ``ast`` tree: a linted file that a later one imports is not parsed again
#: (:func:`remember_linted`). Only the last few: a package's files are linted together.
_LINTED: dict[tuple[str, int, int], tuple[bytes, cst.Module, ast.Module]] = {}
_LINTED_KEPT = 64
#: The bindings built for each tree of ``_CACHE`` (by ``id``, with the tree): every lint that
#: imports a module starts from a copy instead of walking its statements again.
_INFOS: dict[int, tuple[cst.Module, ModuleInfo]] = {}


class ProjectLinker:
    """Binds names a module imports from project modules, parsing each module on first use.

    ``modules`` (path -> tree) and ``paths`` grow as modules are read; ``paths`` holds
    everything the result depends on, for cache keys: the modules read (or that failed to
    parse), every place an import was looked for up to where it resolved (a module
    appearing there later, or a symlink retargeted, changes the result) and, when the
    project root was found from marker files, those markers. A
    :class:`~mcplint.model.facts.FileModel` shares them, so nodes of a module read late
    can still be placed.
    """

    def __init__(self, root: Path, markers: list[Path] | list[str] | None = None) -> None:
        self.root = root
        self.modules: dict[str, cst.Module] = {}
        self.paths: list[str] = [str(marker) for marker in markers or ()]
        self._pending: dict[int, dict[str, tuple[Path, str | None, int]]] = {}
        # id(info) -> local name -> the project module file it is imported from (kept after loading)
        self._origins: dict[int, dict[str, Path]] = {}
        # id(info) -> local name -> the name it has in its module (None: the module itself)
        self._imported_names: dict[int, dict[str, str | None]] = {}
        self._linked: dict[str, LinkedModule | None] = {}
        self._callers: dict[tuple[str, str], list[tuple[ModuleInfo, cst.Call]]] = {}

    def watch(self, info: ModuleInfo, file: Path, depth: int) -> None:
        """Make ``info``'s tables load the project names it imports when asked for them."""
        tables = (info.constants, info.functions, info.classes)
        for table in tables:
            table.loader = None  # a cached module may still hold an earlier run's loader
        if depth >= _MAX_DEPTH:
            return
        pending = self._pending.setdefault(id(info), {})
        for local, qualified in info.imports.items():
            if qualified.split(".")[0] in _FRAMEWORKS or local in pending:
                continue
            target, candidates = _import_probe(file, qualified, self.root)
            if target is not None and target[0] != file:  # a package importing itself
                pending[local] = (target[0], target[1], depth)
                self._origins.setdefault(id(info), {})[local] = target[0]
                self._imported_names.setdefault(id(info), {})[local] = target[1]
            # Where the module is or would be: if one appears earlier on the search path
            # later, or this one is retargeted, a cached result is stale.
            self.paths.extend(candidates)
        if pending:
            loader = lambda key, info=info: self._load_name(info, key)  # noqa: E731
            for table in tables:
                table.loader = loader
            info.mentions = lambda key, needles, exact=False, info=info: (  # noqa: E731
                self._origin_mentions(info, key, needles) if exact else self._mentions(info, key, needles))
            info.origin = lambda key, info=info: self.origin(info, key)  # noqa: E731

    def callers(self, file: Path, function: str) -> Iterator[tuple[ModuleInfo, cst.Call]]:
        """The calls of ``function`` (a function or class defined at the top of ``file``, or
        ``instance.method`` of an instance bound there: ``registry.install``) in
        the other modules of the project that import it by name (``from .prompts import
        register_prompts`` ... ``register_prompts(mcp)``, also through a package's re-export
        ``from .tools import register_pod_tools``) or import its module (``from . import
        prompts`` ... ``prompts.register_prompts(mcp)``), with the calling module's bindings
        (linked like imports, so a project server subclass made there resolves).

        ``file``'s folder is read first (a package's entry module sits next to its helpers),
        then the rest of the project below its root, only modules whose bytes name
        ``function``. Every module read becomes a dependency of the result. Unreadable or
        unparsable modules are skipped."""
        key = (str(file), function)
        if key not in self._callers:  # asked again for each parameter and for the middleware
            self._callers[key] = list(self._find_callers(file, function))
        return iter(self._callers[key])

    def _find_callers(self, file: Path, function: str) -> Iterator[tuple[ModuleInfo, cst.Call]]:
        # `registry.install`: a method called on an instance bound at the top of `file`;
        # `PointTools().register_tools`: one called on an instance the caller makes
        head, _, rest = function.partition(".")
        made = head.endswith("()")
        head = head[:-2] if made else head
        suffix = ("()" if made else "") + (f".{rest}" if rest else "")
        needle = head.encode() if made else function.encode()
        for path, other in self._caller_modules(file, needle):
            locals_ = set()
            for local, qualified in other.info.imports.items():
                if qualified.rsplit(".", 1)[-1] == head and self._imports_from(path, qualified, file, head):
                    locals_.add(local + suffix)  # from .prompts import register_prompts
                elif _resolve(path, qualified, self.root) == (file, None):
                    locals_.add(f"{local}.{function}")  # from . import prompts ... prompts.register_prompts
                elif _resolve(path, f"{qualified}.{file.stem}", self.root) == (file, None):
                    # import pkg.tools as tools ... tools.balance.register_tools (a package's submodule)
                    locals_.add(f"{local}.{file.stem}.{function}")
            loaded = [node for target, called, node in self._run_time_calls(path, other.module)
                      if target == file and called == function]  # for name in MODULES: import_module(name).register(mcp)
            if not locals_ and not loaded:
                continue
            if id(other.info) not in self._pending:
                self.watch(other.info, path, 1)
            if other.info.callers is None:  # its own callers, when a server reaches it as a parameter too
                other.info.callers = lambda name, path=path: self.callers(path, name)  # noqa: E731
            for local in sorted(locals_):
                for node in _calls_by_name(other.module).get(local, ()):
                    self.modules.setdefault(str(path), other.module)  # its server's nodes get placed
                    yield other.info, node
            for node in loaded:
                self.modules.setdefault(str(path), other.module)
                yield other.info, node

    def _run_time_calls(self, importer: Path, module: cst.Module) -> list[tuple[Path, str, cst.Call]]:
        """:func:`~mcplint.model.run_time_imports.run_time_calls` of ``module``, once per tree and
        root; the folders listed and the modules resolved become dependencies."""
        key = (id(module), str(self.root))
        cached = _RUN_TIME.get(key)
        if cached is not None and cached[0] is module:
            self.paths.extend(cached[2])
            return cached[1]
        used: list[str] = []
        if not (_holds(str(importer), b"import_module") or _holds(str(importer), b"__import__")):
            _RUN_TIME[key] = (module, [], ())  # nothing imported at run time: no walk of the tree
            return []

        def resolve(name: str) -> Path | None:
            target = _resolve(importer, name, self.root)
            used.extend(_candidate_texts(importer.parent, name, self.root, target and target[0]))
            return target[0] if target is not None and target[1] is None else None

        def list_folder(folder: Path) -> list[Path]:
            if not _within(folder, self.root):
                return []
            used.append(search_dependency(folder, b"", _MAX_PROJECT_FILES, recursive=False))
            try:
                entries = sorted(folder.iterdir())
            except OSError:
                return []
            modules = [entry.resolve() for entry in entries[:_MAX_NEIGHBOURS]
                       if entry.suffix == ".py" and entry.name != "__init__.py"]
            packages = [(entry / "__init__.py").resolve() for entry in entries[:_MAX_NEIGHBOURS]
                        if (entry / "__init__.py").is_file()]
            return modules + packages

        found = list(run_time_calls(module, importer, resolve, list_folder))
        _RUN_TIME[key] = (module, found, tuple(used))
        self.paths.extend(used)
        return found

    def _imports_from(self, importer: Path, qualified: str, file: Path, function: str, depth: int = 0) -> bool:
        """Whether the import ``qualified`` in ``importer`` binds ``function`` of ``file``:
        directly, or through a package that re-exports it (``tools/__init__.py`` holding
        ``from .pods import register_pod_tools``), a few re-exports deep."""
        target = _resolve(importer, qualified, self.root)
        if target is None or target[1] is None:
            return False
        if target == (file, function):
            return True
        if depth >= _MAX_REEXPORTS:
            return False
        holder = self._load(target[0])
        again = holder.info.imports.get(target[1]) if holder is not None else None
        self.paths.append(str(target[0]))
        return again is not None and self._imports_from(target[0], again, file, function, depth + 1)

    def _caller_modules(self, file: Path, needle: bytes) -> Iterator[tuple[Path, LinkedModule]]:
        """The modules of ``file``'s folder, then of the rest of the project, whose bytes hold
        ``needle`` (``file`` itself excluded), parsed."""
        yield from self._folder_modules(file, needle, include_file=False)
        folder = str(file.parent)
        # Outside a CLI run (the language server, whose files change between lints) nothing is
        # memoised, so fewer modules are searched on each lint.
        limit = _MAX_PROJECT_FILES if _PROBES is not None else _MAX_UNMEMOISED_FILES
        # A module that later appears, or starts to call the function, changes the result.
        self.paths.append(search_dependency(self.root, needle, limit))
        for text in _project_files(self.root, limit):
            if os.path.dirname(text) == folder:
                continue
            path = Path(text)
            if not _holds(text, needle, whole_word=True):  # `serve` inside `server` calls nothing
                continue
            self.paths.append(text)
            other = self._load(path)
            if other is not None:
                yield path, other

    def _folder_modules(self, file: Path, needle: bytes, *, include_file: bool,
                        limit: int | None = None) -> Iterator[tuple[Path, LinkedModule]]:
        """(path, parsed module) for the ``.py`` files of ``file``'s folder (the first ``limit``
        by name) whose bytes hold ``needle``; every file read becomes a dependency, unreadable
        or unparsable ones are skipped."""
        try:
            paths = sorted(p for p in file.parent.iterdir() if p.suffix == ".py" and (include_file or p != file))
        except OSError:
            return
        self.paths.append(search_dependency(file.parent, b"", _MAX_PROJECT_FILES, recursive=False))  # a module added
        if include_file and limit is not None and file in paths[limit:]:
            paths = [file] + [p for p in paths if p != file]  # the file's own fillers, however full its folder
        for path in paths[:limit]:
            self.paths.append(str(path))
            try:
                if needle not in read_regular(path):
                    continue
            except OSError:
                continue
            other = self._load(path)
            if other is not None:
                yield path, other

    def neighbours(self, file: Path, needle: bytes) -> Iterator[LinkedModule]:
        """The modules of ``file``'s folder (``file`` itself included) whose text holds
        ``needle``, parsed and linked like imports (never imported): where a registry's
        filling decorator or function may be applied. Every module read is a dependency."""
        for path, other in self._folder_modules(file, needle, include_file=True, limit=_MAX_NEIGHBOURS):
            if path != file and str(path) not in self.modules:  # the file itself is no foreign module
                self.modules[str(path)] = other.module
            if id(other.info) not in self._pending:
                self.watch(other.info, path, 1)
            yield other

    def home_of(self, node: cst.CSTNode) -> ModuleInfo | None:
        """The bindings of the linked module that defines ``node`` (a function or class) at its
        top level or as a method of a class there (``App.tool``), None when no module linked so
        far does."""
        home = next((linked for linked in list(self._linked.values())
                     if linked is not None and any(statement is node or _defines_method(statement, node)
                                                   for statement in linked.module.body)), None)
        if home is None:
            return None
        if home.info.callers is None:  # its own callers, as for a module found by origin()
            home.info.callers = lambda name, path=Path(home.path): self.callers(path, name)
        return home.info

    def neighbours_of(self, file: Path, node: cst.CSTNode, needle: bytes) -> Iterator[LinkedModule]:
        """:meth:`neighbours` of the module that defines ``node`` at its top level (a class
        whose subclasses are looked for next to it), or of ``file`` when no linked module does."""
        home = next((Path(linked.path) for linked in list(self._linked.values())
                     if linked is not None and any(statement is node for statement in linked.module.body)), file)
        return self.neighbours(home, needle)

    def users_of(self, file: Path, node: cst.CSTNode, needle: bytes) -> Iterator[LinkedModule]:
        """The module that defines ``node`` at its top level (``file`` when no linked module
        does), then the other modules of the project whose text holds the word ``needle``
        (its folder first): where an object bound there by that name (``registry =
        Registry()``) may be imported and used. Parsed and linked, never imported."""
        home = next((Path(linked.path) for linked in list(self._linked.values())
                     if linked is not None and any(statement is node for statement in linked.module.body)), file)
        own = self._linked.get(str(home))
        if own is not None:
            yield own
        for path, other in self._caller_modules(home, needle):
            if path != file and str(path) not in self.modules:  # the declarations found there are reported there
                self.modules[str(path)] = other.module
            if id(other.info) not in self._pending:
                self.watch(other.info, path, 1)
            yield other

    def adopt(self, info: ModuleInfo, other: ModuleInfo) -> None:
        """Let ``info`` see the bindings of ``other``, a neighbour whose functions its analysis
        follows (a handler a registry of ``info`` holds, applied in ``other``): ``other``'s names
        where ``info`` has none of that name, and the project imports ``other`` still has to
        load, so that the handler's own helpers resolve as in its module."""
        if other is info:
            return
        for kind in ("constants", "functions", "classes", "imports"):
            table = getattr(info, kind)
            for key, value in list(dict.items(getattr(other, kind))):
                dict.setdefault(table, key, value)
        inherited = self._pending.get(id(other), {})
        if not inherited:
            return
        pending = self._pending.setdefault(id(info), {})
        for local, target in inherited.items():
            pending.setdefault(local, target)
        loader = lambda key, info=info: self._load_name(info, key)  # noqa: E731
        for table in (info.constants, info.functions, info.classes):
            table.loader = loader
        info.__dict__["bindings_generation"] = info.__dict__.get("bindings_generation", 0) + 1

    def _mentions(self, info: ModuleInfo, key: str, needles: tuple[bytes, ...]) -> bool:
        """Whether the module ``key`` would be loaded from holds one of ``needles`` (True when
        it is loaded already or not a project import): a cheap test before a parse."""
        pending = self._pending.get(id(info), {})
        local = _longest_pending_prefix(key, pending)
        if local is None:
            return True
        return self._file_holds(pending[local][0], needles)

    def _origin_mentions(self, info: ModuleInfo, key: str, needles: tuple[bytes, ...]) -> bool:
        """Whether the project module ``key`` is imported from holds one of ``needles``, loaded
        or not (False when ``key`` is no project import or the module cannot be read)."""
        origins = self._origins.get(id(info), {})
        local = _longest_pending_prefix(key, origins)
        if local is None:
            return False
        return self._file_holds(origins[local], needles)

    def origin(self, info: ModuleInfo, key: str) -> tuple[ModuleInfo, str] | None:
        """(bindings, name there) of the project module the dotted name ``key`` of ``info``
        comes from: ``mcp`` of ``from app import mcp`` is ``mcp`` of ``app``, ``app.mcp`` of
        ``import app`` too; parsed and linked like an import (a dependency), never run. None
        when ``key`` is no project import, names no top-level name there, or the module cannot
        be read. Why: a module-level value the constants table cannot hold (a server bound in
        either branch of an ``if``, or set up by ``mcp.settings.port = 80`` after it was made) is
        still that module's own, and its own lint resolves it."""
        origins = self._origins.get(id(info), {})
        local = _longest_pending_prefix(key, origins)
        if local is None:
            return None
        imported = self._imported_names.get(id(info), {}).get(local)
        rest = key[len(local) + 1:]
        name = ".".join(part for part in (imported, rest) if part)
        if not name.isidentifier():
            return None
        path = origins[local]
        other = self._load(path)
        self.paths.append(str(path))
        if other is None or other.info is info:
            return None
        self.modules.setdefault(str(path), other.module)  # its server's nodes get placed
        if id(other.info) not in self._pending:
            self.watch(other.info, path, 1)
        if other.info.callers is None:  # its own callers, when its server is a parameter there
            other.info.callers = lambda name, path=path: self.callers(path, name)  # noqa: E731
        return other.info, name

    def _file_holds(self, path: Path, needles: tuple[bytes, ...]) -> bool:
        """Whether ``path``'s bytes hold one of ``needles`` (False when it cannot be read); the
        answer depends on those bytes, so the file becomes a dependency."""
        self.paths.append(str(path))
        try:
            data = read_regular(path)
        except OSError:
            return False
        return any(needle in data for needle in needles)

    def _load_name(self, info: ModuleInfo, key: str) -> None:
        pending = self._pending.get(id(info), {})
        local = _longest_pending_prefix(key, pending)
        target = pending.pop(local, None) if local is not None else None
        if target is None:
            return
        module_file, name, depth = target
        other = self._load(module_file)
        if other is None:
            self.paths.append(str(module_file))  # unparsable now: fixing it changes the result
            return
        if other.info is info:
            return
        if str(module_file) not in self.modules:
            self.modules[str(module_file)] = other.module
            self.paths.append(str(module_file))
        # A package's __init__.py that re-exports its modules' names is a step of the import,
        # not a module of its own: the names it re-exports resolve as deep as the importer's.
        self.watch(other.info, module_file, depth + (module_file.name != "__init__.py"))
        _bind(info, local, name, other.info)
        for inherited, value in self._pending.get(id(other.info), {}).items():
            pending.setdefault(inherited, value)  # the other module's own imports, for its helpers
            if name is None:
                # `from . import tools` ... `tools.load_dataset`, which tools/__init__.py
                # re-exports (`from .load_dataset_tool import load_dataset`)
                pending.setdefault(f"{local}.{inherited}", value)
        if name is None and key != local and _longest_pending_prefix(key, pending) is not None:
            self._load_name(info, key)  # the re-export just made pending

    def _load(self, path: Path) -> LinkedModule | None:
        """The module at ``path`` with bindings of this lint's own (its tree shared)."""
        key = str(path)
        if key not in self._linked:
            module = _load(path)
            self._linked[key] = None if module is None else LinkedModule(key, module, _fresh_info(module))
        return self._linked[key]


def _defines_method(statement: cst.CSTNode, node: cst.CSTNode) -> bool:
    """Whether ``statement`` is a class whose body defines ``node`` (one of its methods)."""
    return type(statement) is cst.ClassDef and isinstance(node, cst.FunctionDef) \
        and isinstance(statement.body, cst.IndentedBlock) and any(item is node for item in statement.body.body)


def _fresh_info(module: cst.Module) -> ModuleInfo:
    """The bindings of a project module for one lint: a copy of those built the first time a
    lint read the tree (each lint links names into its own, see ``_CACHE``)."""
    cached = _INFOS.get(id(module))
    if cached is None or cached[0] is not module:
        cached = _INFOS[id(module)] = (module, build_module_info(module))
    return copy_module_info(cached[1])


def _longest_pending_prefix(key: str, pending: dict) -> str | None:
    """``pkg.app.mcp`` after ``import pkg.app``: the longest dotted prefix still to load."""
    if "." not in key:  # most lookups (every name a lint asks the module's tables about)
        return key if key in pending else None
    if not pending:
        return None
    end = len(key)
    while end >= 0:  # `a.b.c`, then `a.b`, then `a` (slices, no list of parts joined again)
        prefix = key[:end]
        if prefix in pending:
            return prefix
        end = key.rfind(".", 0, end)
    return None


def link_project_imports(info: ModuleInfo, path: str, project_root: Path | None = None) -> ProjectLinker | None:
    """Let ``info`` see the names it imports from project modules; None when ``path`` is no file.

    ``path`` is the linted file (relative imports are resolved from its directory);
    ``project_root`` bounds the search (found from the path's ancestors when None). A name
    imported from a project module (``from .prompts import PROMPTS``) becomes a constant,
    function or class of ``info`` the first time it is looked up; a module import
    (``from . import prompts``) binds the module's names as ``prompts.NAME``. The imported
    module's own bindings are added where ``info`` has none of that name, so its helpers
    can refer to their neighbours. Never raises for unreadable or unparsable modules: their
    names stay unbound (unknown).
    """
    file = Path(path)
    if not file.is_file():
        return None
    file = file.resolve()
    if project_root is not None:
        linker = ProjectLinker(project_root.resolve())
    else:
        root, markers = _root_and_markers(file.parent)
        linker = ProjectLinker(root, markers)
    linker.watch(info, file, depth=0)
    # The file itself, when a registry's applications are looked for in its folder, is read
    # through the bindings being built (one tree: facts found there are this file's own).
    linker._linked[str(file)] = LinkedModule(str(file), info.module, info)
    info.callers = lambda function: linker.callers(file, function)  # noqa: E731
    info.neighbours = lambda needle: linker.neighbours(file, needle)  # noqa: E731
    info.adopt = lambda other: linker.adopt(info, other)  # noqa: E731
    info.neighbours_of = lambda node, needle: linker.neighbours_of(file, node, needle)  # noqa: E731
    info.users_of = lambda node, needle: linker.users_of(file, node, needle)  # noqa: E731
    info.home_of = linker.home_of
    return linker


#: The calls of each project tree by the dotted name they call (by ``id``, with the tree).
_CALLS: dict[int, tuple[cst.Module, dict[str, list[cst.Call]]]] = {}
#: The calls on modules each project tree imports at run time, by ``id`` and root, with the tree.
_RUN_TIME: dict[tuple[int, str], tuple[cst.Module, list, tuple[str, ...]]] = {}


def _calls_by_name(module: cst.Module) -> dict[str, list[cst.Call]]:
    """The calls in ``module`` by the dotted name of what they call, in source order; one walk
    per tree (a module calling the registration functions of many is asked by each lint)."""
    cached = _CALLS.get(id(module))
    if cached is None or cached[0] is not module:
        table: dict[str, list[cst.Call]] = {}
        for node in walk_calls(module):
            name = dotted_name(node.func)
            if name is not None:
                table.setdefault(name, []).append(node)
        for alias, node in _looped_calls(module):
            table.setdefault(alias, []).append(node)
        for alias, node in instance_calls(module):  # tools = PointTools(log); tools.register_tools(mcp)
            table.setdefault(alias, []).append(node)
        cached = _CALLS[id(module)] = (module, table)
    return cached[1]


def _looped_calls(module: cst.Module) -> Iterator[tuple[str, cst.Call]]:
    """Calls through the target of a loop over a literal list of modules or functions, under
    the name of each element: ``for module in [projects, search]: module.register(mcp)`` is
    a call of ``projects.register`` and of ``search.register``; ``for register in
    (register_a, tools.register_b): register(mcp)`` one of ``register_a`` and of
    ``tools.register_b``. The list may be a module-level constant (``MODULES = (a, b)``).
    Why: real servers wire their tool modules this way, and the server a registration
    function receives is only known from its callers."""
    constants = _module_literal_lists(module)
    for loop in walk(module):
        if not isinstance(loop, cst.For) or not isinstance(loop.target, cst.Name):
            continue
        elements = _literal_names(loop.iter, constants)
        if not elements:
            continue
        target = loop.target.value
        for node in walk_calls(loop.body):
            called = dotted_name(node.func)
            if called is None or (called != target and not called.startswith(target + ".")):
                continue
            for element in elements:
                yield element + called[len(target):], node


def _module_literal_lists(module: cst.Module) -> dict[str, cst.BaseExpression]:
    """Top-level ``NAME = [..]`` / ``NAME = (..)`` assignments of ``module``, by name."""
    found: dict[str, cst.BaseExpression] = {}
    for statement in module.body:
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if isinstance(small, cst.Assign) and len(small.targets) == 1 \
                    and isinstance(small.targets[0].target, cst.Name) \
                    and isinstance(small.value, (cst.List, cst.Tuple)):
                found[small.targets[0].target.value] = small.value
    return found


def _literal_names(iterable: cst.BaseExpression, constants: dict[str, cst.BaseExpression]) -> list[str]:
    """The dotted names a literal list, tuple or set holds (or the module-level literal a name
    stands for), when every element is one; else []."""
    if isinstance(iterable, cst.Name) and iterable.value in constants:
        iterable = constants[iterable.value]
    if not isinstance(iterable, (cst.List, cst.Tuple, cst.Set)) or not iterable.elements:
        return []
    names = [dotted_name(element.value) if isinstance(element, cst.Element) else None for element in iterable.elements]
    return names if all(names) else []


def walk_calls(module: cst.Module) -> Iterator[cst.Call]:
    """Every call in ``module``, nested scopes included."""
    for node in walk(module):
        if isinstance(node, cst.Call):
            yield node


def _bind(info: ModuleInfo, local: str, name: str | None, other: ModuleInfo) -> None:
    """Bind ``name`` of ``other`` as ``local`` (or the whole module as ``local.*``)."""
    # Counted, so that what is derived from the tables can be memoised until they change.
    info.__dict__["bindings_generation"] = info.__dict__.get("bindings_generation", 0) + 1
    if name is None:
        for kind in ("constants", "functions", "classes"):
            table = getattr(info, kind)
            for key, value in list(dict.items(getattr(other, kind))):
                dict.setdefault(table, f"{local}.{key}", value)
    else:
        for kind in ("constants", "functions", "classes"):
            value = getattr(other, kind).get(name)
            if value is not None:
                dict.__setitem__(getattr(info, kind), local, value)
        if name in other.imports and local not in info.imports:
            info.imports[local] = other.imports[name]  # a re-export
    for kind in ("constants", "functions", "classes", "imports"):
        table = getattr(info, kind)
        for key, value in list(dict.items(getattr(other, kind))):
            dict.setdefault(table, key, value)
    # Registries filled by calls stay registries under every name they are bound to here.
    for key, literal in other.filled.items():
        node = dict.get(other.constants, key)
        if name is None:
            info.filled[f"{local}.{key}"] = literal
        elif key == name:
            info.filled[local] = literal
        if node is not None and dict.get(info.constants, key) is node:
            info.filled[key] = literal


def _search(importer: Path, qualified: str, root: Path) -> tuple[list[Path], list[str], int]:
    """Where an import is looked for: the base directories, the dotted parts, the number of
    leading dots (relative imports start at the importer's package, absolute ones at each
    ancestor inside the project root and at ``src/``)."""
    dots = len(qualified) - len(qualified.lstrip("."))
    parts = [p for p in qualified.lstrip(".").split(".") if p]
    if dots:
        base = importer.parent
        for _ in range(dots - 1):
            base = base.parent
        return [base], parts, dots
    return _absolute_bases(importer.parent, root), parts, dots


#: While a CLI run holds the file system still (:func:`file_system_still`): the answers of
#: :func:`_resolve` and :func:`_candidates`, which probe the disk for every import of every
#: module each lint reads (a module imported by many linted files is read by each lint).
_PROBES: dict[tuple, object] | None = None


@contextmanager
def file_system_still() -> Iterator[None]:
    """Memoise the import probes for the duration (``mcplint check``: the files linted are
    taken as they are when the run reads them). Not for the language server, whose files
    change between lints."""
    global _PROBES
    outer = _PROBES
    _PROBES = {} if outer is None else outer
    try:
        yield
    finally:
        _PROBES = outer


def file_system_held() -> bool:
    """Whether a run holds the file system still (:func:`file_system_still`): answers that
    depend on several files may then be kept for the rest of the run."""
    return _PROBES is not None


def _import_probe(importer: Path, qualified: str, root: Path) -> tuple[tuple[Path, str | None] | None, tuple[str, ...]]:
    """:func:`_resolve` of an import and the :func:`_candidate_texts` up to where it resolved,
    memoised as one answer per (importer, import) while the file system is held still: a
    module imported by many linted files is watched again in each lint, and building the two
    memo keys cost more than the answers."""
    key = ("import", str(importer), qualified, str(root))
    found = _PROBES.get(key) if _PROBES is not None else None
    if found is None:
        target = _resolve(importer, qualified, root)
        found = (target, tuple(_candidate_texts(importer.parent, qualified, root, target and target[0])))
        if _PROBES is not None:
            _PROBES[key] = found
    return found


def _memoised(function):
    def probe(*args, **keywords):
        if _PROBES is None:
            return function(*args, **keywords)
        # Paths as text: hashing and comparing Path objects cost more than the probes saved.
        key = (function.__name__, *(str(a) if isinstance(a, Path) else a for a in args), *sorted(keywords.items()))
        if key not in _PROBES:
            _PROBES[key] = function(*args, **keywords)
        found = _PROBES[key]
        return list(found) if isinstance(found, list) else found  # callers may extend a list
    probe.__doc__ = function.__doc__
    return probe


@_memoised
def _absolute_bases(directory: Path, root: Path) -> list[Path]:
    """Where an absolute import from a module in ``directory`` is looked for (:func:`_search`)."""
    return [d for d in [directory, *directory.parents] if _within(d, root)] + [root / "src"]


@_memoised
def _resolve(importer: Path, qualified: str, root: Path) -> tuple[Path, str | None] | None:
    """The project file behind an import and the name taken from it (None: the module itself)."""
    bases, parts, dots = _search(importer, qualified, root)
    for base in bases:
        as_module = _module_file(base, tuple(parts), root)
        if as_module is not None and parts:
            return as_module, None
        if parts and (len(parts) > 1 or dots):
            parent = _module_file(base, tuple(parts[:-1]), root)
            if parent is not None and parent != importer:
                return parent, parts[-1]
    return None


def _candidates(importer: Path, qualified: str, root: Path, until: Path | None = None) -> list[Path]:
    """The files that would satisfy an import, in :func:`_resolve`'s order; with ``until``
    (where it resolved), only up to that one."""
    return [Path(text) for text in _candidate_texts(importer.parent, qualified, root, until)]


@_memoised
def _candidate_texts(directory: Path, qualified: str, root: Path, until: Path | None) -> list[str]:
    """:func:`_candidates` of every module in ``directory`` (they are looked for alike), as
    text: they are recorded as text, and building them as ``Path`` objects cost more than
    the stats."""
    bases, parts, _ = _search(directory / "_", qualified, root)
    found = []
    for base in bases:
        for names in (parts, parts[:-1]):
            if names:
                target = os.path.join(base, *names)
                present = until is not None and _may_exist(base, names[0])
                for candidate in (target + ".py", os.path.join(target, "__init__.py")):
                    found.append(candidate)
                    if present and os.path.isfile(candidate) and Path(candidate).resolve() == until:
                        return found
    return found


@_memoised
def _module_file(base: Path, parts: tuple[str, ...], root: Path) -> Path | None:
    if parts and not _may_exist(base, parts[0]):
        return None  # nothing of that name in base: spare the stats of both candidates
    target = base.joinpath(*parts)
    for candidate in (target.with_name(target.name + ".py") if parts else None, target / "__init__.py"):
        if candidate is not None and candidate.is_file() and _within(candidate.resolve(), root):
            return candidate.resolve()
    return None


def _may_exist(directory: Path, name: str) -> bool:
    """False when ``directory`` surely holds neither ``name`` nor ``name.py`` (from one listing
    of it per run, while the file system is held still); True when it may, or when unknown.

    Why: most imports name the standard library or installed packages, and each was looked
    for with two stats in every ancestor directory of every module read. Names are compared
    case-folded, so a case-insensitive file system never makes a present file look absent.
    """
    if _PROBES is None or not name.isascii():
        return True
    key = ("listing", str(directory))
    if key not in _PROBES:
        try:
            _PROBES[key] = frozenset(entry.casefold() for entry in os.listdir(directory))
        except (FileNotFoundError, NotADirectoryError):
            _PROBES[key] = frozenset()
        except OSError:  # unreadable, yet its files may still be reachable: no answer
            _PROBES[key] = None
    names = _PROBES[key]
    return names is None or name.casefold() in names or f"{name}.py".casefold() in names


def _load(path: Path) -> cst.Module | None:
    """Parse a project module once per (path, mtime, size); None when unreadable or unparsable."""
    try:
        stat = path.stat()
    except OSError:
        return None
    key = (str(path), stat.st_mtime_ns, stat.st_size)
    if key not in _CACHE:
        linted = _LINTED.pop(key, None)
        if linted is not None:  # the engine's tree of the same bytes, which it judged alike
            data, module, tree = linted
            _CACHE[key] = None if _nesting_depth(tree) > _MAX_NESTING else module
            _CACHE_DATA[key] = data
        else:
            _CACHE[key] = _parse(path, key)
    return _CACHE[key]


def _parse(path: Path, key: tuple[str, int, int]) -> cst.Module | None:
    """Parse a project module, or None. CPython's parser judges it first, and deep nesting is
    refused, because libcst's native parser can crash or take quadratic time on such input
    (the linted file gets the same pre-check in the engine)."""
    if key[2] > MAX_MODULE_BYTES:
        return None
    try:
        data = read_regular(path)
        text = decode_source(data)
        checked = check_source(text)  # syntax newer than this Python's: its view
        if b"\r" not in data:
            _CACHE_CHECKS[key] = (text, checked)
        if checked.tree is None or _nesting_depth(checked.tree) > _MAX_NESTING:
            return None
        module = parse_module(data)
    except (OSError, SyntaxError, cst.ParserSyntaxError, RecursionError, MemoryError, UnicodeDecodeError, ValueError):
        return None
    if _freeze_after_parse:
        gc.freeze()
    _CACHE_DATA[key] = data
    return module


#: Whether each project module's tree is exempted from the cyclic garbage collector once
#: parsed (``gc.freeze``), as the engine exempts the linted file's tree during a CLI run
#: (:func:`set_freeze_after_parse`). Why: the cached tree outlives the lint, and the young
#: generation pass after each file scanned every node of it (0.3 s of a 23 s cold run on the
#: development corpus); a tree holds no cycles, and reference counting still frees it.
_freeze_after_parse = False


def set_freeze_after_parse(on: bool) -> bool:
    """Switch :data:`_freeze_after_parse` (``mcplint.engine.collector_paused_between_files``
    does, for the files of one run); returns the previous setting."""
    global _freeze_after_parse
    previous, _freeze_after_parse = _freeze_after_parse, on
    return previous


def module_source(path: str, module: cst.Module) -> str:
    """The text of the project module ``module`` that was read from ``path``.

    Decoded from the bytes it was parsed from while the cache holds them (plain UTF-8 only),
    else generated from the tree: the same text, since libcst's trees give back their source
    exactly, but generating a whole module costs about a tenth of its parse, and a module
    imported by many linted files is placed and searched for ``noqa`` comments in each lint.
    """
    try:
        stat = os.stat(path)
    except OSError:
        return module.code
    key = (path, stat.st_mtime_ns, stat.st_size)
    data = _CACHE_DATA.get(key)
    if data is None or _CACHE.get(key) is not module or _key_of(path, data) != key:
        return module.code
    return data.decode("utf-8")


# -- one parse per file and process: trees shared between the engine and the project cache


def source_check_for_lint(path: str, data: bytes, text: str) -> SourceCheck | None:
    """CPython's verdict on ``text`` (:func:`mcplint.syntax.check_source`) when the file ``path``
    was read as a project module before the engine lints it, from the same ``data`` decoded
    to the same ``text``; None otherwise. Why: such a module was judged before it was parsed,
    and the verdict depends on the text alone, so the engine need not parse it again with
    CPython (a module imported by a linted file is often linted itself)."""
    if not _CACHE_CHECKS:
        return None
    key = _key_of(path, data)
    stored = _CACHE_CHECKS.get(key) if key is not None else None
    if stored is None or _CACHE_DATA.get(key) != data or stored[0] != text:
        return None
    return stored[1]


def tree_for_lint(path: str, data: bytes) -> cst.Module | None:
    """The tree the project cache holds for the file ``path`` the engine is about to lint,
    when it was parsed from exactly ``data`` (plain UTF-8: the engine parses the decoded
    text, libcst the bytes, and only then are the trees alike); None otherwise.

    The tree is taken out of the cache: while the file is linted, a project import of the
    file itself gets a tree of its own, as when the engine parsed the file apart.
    """
    key = _key_of(path, data)
    if key is None or _CACHE.get(key) is None or _CACHE_DATA.get(key) != data:
        return None
    _CACHE_DATA.pop(key)
    _CACHE_CHECKS.pop(key, None)
    tree = _CACHE.pop(key)
    _INFOS.pop(id(tree), None)
    _CALLS.pop(id(tree), None)
    return tree


def remember_linted(path: str, data: bytes, module: cst.Module, tree: ast.Module) -> None:
    """Offer the engine's tree of a file it linted (``tree``: CPython's, which accepted the
    text) to later lints that import the file (:func:`_load`)."""
    key = _key_of(path, data)
    if key is None or key in _CACHE or key[2] > MAX_MODULE_BYTES:
        return
    _LINTED.pop(key, None)
    _LINTED[key] = (data, module, tree)
    while len(_LINTED) > _LINTED_KEPT:
        del _LINTED[next(iter(_LINTED))]


def _key_of(path: str, data: bytes) -> tuple[str, int, int] | None:
    """The cache key of ``path`` if its ``data`` is plain UTF-8 of the file's current size."""
    if data.startswith(b"\xef\xbb\xbf") or any(b"coding" in line for line in data.split(b"\n", 2)[:2]):
        return None
    try:
        resolved = Path(path).resolve()
        stat = resolved.stat()
    except (OSError, RuntimeError):
        return None
    if stat.st_size != len(data):
        return None
    return (str(resolved), stat.st_mtime_ns, stat.st_size)


def _nesting_depth(tree: ast.AST) -> int:
    """The deepest nesting of ``tree``'s nodes (iteratively, a level at a time: the tree may
    be deep)."""
    # The fields are read directly (``ast.iter_child_nodes``, a generator per node, made this
    # cost a sixth of the module's parse), and a level is one list (no (node, depth) pair
    # per node): counting levels gives the same depth.
    depth, level = 0, [tree]
    node_type = ast.AST
    while level:
        depth += 1
        below: list[ast.AST] = []
        for node in level:
            for name in node._fields:
                value = getattr(node, name, None)
                if type(value) is list:
                    below.extend([item for item in value if isinstance(item, node_type)])
                elif isinstance(value, node_type):
                    below.append(value)
        level = below
    return depth


@_memoised
def _root_and_markers(start: Path) -> tuple[Path, list[str]]:
    """The project root found from ``start`` and its :func:`_markers`, as text (one answer
    per folder while the file system is held still: every file of a folder asks)."""
    root = _root_of(start)
    return root, [str(marker) for marker in _markers(start, root)]


def _markers(start: Path, root: Path) -> list[Path]:
    """The marker files whose appearing below ``root`` (or leaving it) would move the root
    found from ``start``; a ``.git`` folder stands as its ``HEAD``. A root found by a weak
    marker (or none) also moves when a strong one appears in any folder above it, and one
    found from the top-level package when an ``__init__.py`` appears or goes."""
    below = [start, *(d for d in start.parents if _within(d, root))]
    strong_root = any((root / marker).exists() for marker in _ROOT_MARKERS)
    folders = below if strong_root else [start, *start.parents]
    return [folder / (".git/HEAD" if marker == ".git" else marker) for folder in folders for marker in _ROOT_MARKERS] \
        + ([] if strong_root else [folder / marker for folder in folders for marker in (*_WEAK_ROOT_MARKERS, "__init__.py")])


def _root_of(start: Path) -> Path:
    """The nearest folder from ``start`` up holding a :data:`_ROOT_MARKERS` file; failing
    that, the nearest holding a :data:`_WEAK_ROOT_MARKERS` one; without either, the folder
    that holds ``start``'s top-level package (where Python would find ``pkg.tools`` from: a
    checkout copied without its ``pyproject.toml``), else ``start`` itself."""
    for markers in (_ROOT_MARKERS, _WEAK_ROOT_MARKERS):
        for directory in [start, *start.parents]:
            if any((directory / marker).exists() for marker in markers):
                return directory
    top = start
    while (top / "__init__.py").is_file() and top.parent != top:
        top = top.parent
    return top


def _within(path: Path, root: Path) -> bool:
    try:
        return os.path.commonpath([str(path), str(root)]) == str(root)
    except ValueError:
        return False


@_memoised
def _project_files(root: Path, limit: int) -> list[str]:
    """:func:`~mcplint.project_search.project_files` below the project ``root``: one listing
    per run while the file system is held still."""
    return project_files(root, limit)


def _holds(path: str, needle: bytes, whole_word: bool = False) -> bool:
    """:func:`~mcplint.project_search.holds`, memoised while the file system is held still
    (every lint of a package asks about its neighbours)."""
    key = ("holds", path, needle, whole_word)
    if _PROBES is not None and key in _PROBES:
        return _PROBES[key]
    found = holds(path, needle, whole_word)
    if _PROBES is not None:
        _PROBES[key] = found
    return found

# -- the modules whose lint may report in a file (its noqa comments are judged with them)

_MAX_REACHING = 24  # importers of a module linted again to judge its noqa comments
_MAX_REACH_DEPTH = 3  # importers of importers followed (as far as project imports are followed)


def modules_reaching(path: str) -> tuple[list[str], list[str]]:
    """The project modules whose lint may report a finding in the file ``path``, and the
    cache dependencies that stand for finding them: ``(modules, dependencies)``.

    A finding is placed where its node is: a handler in ``server.py`` calling a helper of
    ``helpers.py`` reports there, and only the lint of ``server.py`` (or of a module importing
    it) sees it. These are the modules that name ``path``'s module in an import, directly or
    through up to :data:`_MAX_REACH_DEPTH` importers, at most :data:`_MAX_REACHING`, nearest
    first. A text search (the module's name as a word in a file that imports something) may
    list a module that does not import it: linting that one reports nothing in ``path``.
    Never raises; an unreadable path gives no modules.
    """
    try:
        file = Path(path).resolve()
        root, _ = _root_and_markers(file.parent)
    except (OSError, RuntimeError):
        return [], []
    files = _project_files(root, _MAX_PROJECT_FILES)
    found: list[str] = []
    dependencies: list[str] = []
    seen, frontier = {str(file)}, [file]
    for _ in range(_MAX_REACH_DEPTH):
        following: list[Path] = []
        for target in frontier:
            name = (target.parent.name if target.name == "__init__.py" else target.stem).encode("utf-8", "surrogateescape")
            dependencies.append(search_dependency(root, name, _MAX_PROJECT_FILES))
            for candidate in files:
                if candidate in seen or not _holds(candidate, name, whole_word=True) or not _holds(candidate, b"import"):
                    continue
                seen.add(candidate)
                found.append(candidate)
                following.append(Path(candidate))
                if len(found) >= _MAX_REACHING:
                    return found, dependencies
        frontier = following
    return found, dependencies
