"""The one analysis core that the CLI and the language server both call.

``lint_source`` takes source text (or bytes), a path and settings and returns diagnostics
(:mod:`mcplint.runner` applies it to many files, each in isolation, so that one bad file
never costs the others). Linted code is parsed, never imported or executed.

Per file: decode -> cheap byte prefilter -> ``ast.parse`` pre-check (CPython's own limits,
so input nested deeper than CPython accepts never reaches libcst's native parser, which can
crash the process on it; syntax newer than the running Python is judged on a view of the
text that this Python accepts, :mod:`mcplint.syntax`) -> libcst parse -> MCP model -> rules -> positions (computed only
when something is reported) -> suppressions -> severities.
"""

from __future__ import annotations

import dataclasses
import gc
import io
import os
import re
import signal
import sys
import threading
import time
import tokenize
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterable, Iterator

import libcst as cst

from mcplint.checks import ALL_RULES, RULES_BY_CODE, Finding
from mcplint.checks.base import FixPlan, ImportEdit
from mcplint.cache import has_mcp_code, may_report
from mcplint.config import Settings, enabled_codes, is_fixable, severity_for
from mcplint.diagnostics import Applicability, Diagnostic, Edit, Fix, Position, RelatedLocation, Span, fault_key, internal_error
from mcplint.incremental import IncrementalParser
from mcplint.model import FileModel, build_model
from mcplint.model.prescreen import cannot_report
from mcplint.model.project import (MAX_MODULE_BYTES, file_system_held, module_source, modules_reaching, remember_linted,
                                   set_freeze_after_parse, source_check_for_lint, tree_for_lint)
from mcplint.parsing import parse_module
from mcplint.positions import PositionIndex
from mcplint.regular_files import read_regular
from mcplint.discovery import excluded_by_config
from mcplint.fix_scope import with_comment_loss_unsafe, without_captured_fixes
from mcplint.suppression import Suppressions, noqa_targets, parse_suppressions, unknown_codes
from mcplint.syntax import SourceCheck, check_source, parser_config
from mcplint.versions import pinned_versions


#: CPU seconds one file may take before its analysis is abandoned as MCP002; the environment
#: variable overrides it (tests use a small budget). See :func:`_time_budget`.
DEFAULT_TIME_BUDGET = 10.0
TIME_BUDGET_ENV = "MCPLINT_FILE_TIME_BUDGET"
_BUDGET_REPEAT = 0.25  # CPU seconds between alarms once the budget is spent


class _BudgetExceeded(BaseException):
    """Raised by the SIGVTALRM handler; a BaseException so that no rule's ``except Exception``
    swallows it on its way out to :func:`lint_source`."""


class _Positions:
    """Positions of reported nodes, computed once per file and only when needed.

    A node may belong to a project module the model linked (``FileModel.foreign_modules``):
    ``locate`` finds its file too.
    """

    def __init__(self, module: cst.Module, path: str = "", foreign: dict[str, cst.Module] | None = None,
                 source: str | None = None, checked: SourceCheck | None = None) -> None:
        self._module = module
        self._path = path
        tree, view = (checked.tree, checked.view) if checked is not None else (None, None)
        self._index = PositionIndex(module, module.code if source is None else source, tree, view)
        self._foreign = dict(foreign or {})
        self._foreign_indexes: dict[str, PositionIndex] = {}

    def prepare(self, nodes: Iterable[cst.CSTNode]) -> None:
        """Position these nodes of this file in one pass (see :meth:`PositionIndex.prepare`)."""
        self._index.prepare(nodes)

    def span(self, node: cst.CSTNode) -> Span:
        """The span of a node of this file (KeyError for a node of another module)."""
        return Span.from_range(self._index.range(node))

    def locate(self, node: cst.CSTNode) -> tuple[str, Span]:
        """The file and span of a node of this file or of a linked project module."""
        try:
            return self._path, self.span(node)
        except KeyError:
            pass
        for path, module in self._foreign.items():
            if path not in self._foreign_indexes:
                self._foreign_indexes[path] = PositionIndex(module, module_source(path, module))
            try:
                return _display_path(path, self._path), Span.from_range(self._foreign_indexes[path].range(node))
            except KeyError:
                continue
        raise KeyError(f"node {type(node).__name__} belongs to no module of this model")

    def import_edit(self, edit: ImportEdit) -> Edit | None:
        """An insertion of ``from module import name`` unless the module already imports it."""
        last_import = None
        for statement in self._module.body:
            if not isinstance(statement, cst.SimpleStatementLine):
                if last_import is not None:
                    break
                continue
            for small in statement.body:
                if isinstance(small, cst.ImportFrom) and _imports_name(small, edit):
                    return None
                if isinstance(small, (cst.Import, cst.ImportFrom)):
                    last_import = statement
        line = self.span(last_import).end.line + 1 if last_import is not None else self._first_code_line()
        return Edit(Span(Position(line, 0), Position(line, 0)), f"from {edit.module} import {edit.name}\n")

    def _first_code_line(self) -> int:
        """Where an import goes in a module without top-level imports: after the shebang, the
        coding cookie, leading comments and the docstring (a cookie must stay on line 1 or 2)."""
        body = self._module.body
        if not body:
            return len(self._module.code.splitlines()) + 1
        first = body[0]
        if isinstance(first, cst.SimpleStatementLine) and len(first.body) == 1 and isinstance(first.body[0], cst.Expr) \
                and isinstance(first.body[0].value, (cst.SimpleString, cst.ConcatenatedString)):
            return self.span(first).end.line + 1  # after the module docstring
        return self.span(first).start.line


def _display_path(other: str, linted: str) -> str:
    """``other`` (absolute) spelt like the linted path: relative to the cwd when that one is."""
    if Path(linted).is_absolute():
        return other
    relative = os.path.relpath(other)
    return other if relative.startswith("..") else relative


def _imports_name(node: cst.ImportFrom, edit: ImportEdit) -> bool:
    if node.module is None or isinstance(node.names, cst.ImportStar):
        return False
    module = cst.Module([]).code_for_node(node.module)
    return module == edit.module and any(
        isinstance(alias.name, cst.Name) and alias.name.value == edit.name and alias.asname is None
        for alias in node.names
    )


def lint_source(
    source: str | bytes, path: Path | str, settings: Settings | None = None, *, dependencies: list[str] | None = None,
    parser: IncrementalParser | None = None, explicit: bool = False, with_importers: bool = False,
) -> list[Diagnostic]:
    """Lint one file's contents and return its diagnostics, sorted by position.

    Never raises for bad input: undecodable or unparsable text becomes MCP000, a failure
    inside mcplint becomes MCP002 naming the rule. ``path`` is used for messages, per-file
    ignores and for finding the project's pinned framework versions. A ``dependencies``
    list receives the paths of the project modules the model read (``FileModel.dependencies``,
    for :mod:`mcplint.cache`). A ``parser`` (the language server keeps one per document)
    re-parses only the statements that changed since its previous text (:mod:`mcplint.incremental`).
    ``explicit``: the user named this file (or piped it in), so it is linted even when the
    cheap prefilter finds no MCP code in it (a syntax error there is MCP000, as in ruff).
    ``with_importers``: also report the findings that the lint of the project modules
    importing this file places in it (a helper module's failure return that a handler of
    ``server.py`` answers with), as a lint of the whole project would; for a file named alone
    and for the language server, whose lint sees one file. ``source`` must then be the file's
    saved contents: those modules read it from disk.
    """
    settings = settings or Settings()
    path_text = str(path)
    enabled = enabled_codes(settings, ALL_RULES, Path(path_text))
    try:
        # The budget innermost: it is disarmed before the other blocks end, so its alarm can
        # never interrupt their clean-up.
        with _gc_paused, _recursion_room(), _time_budget(_budget_seconds()):
            diagnostics = _lint(source, path_text, settings, enabled, dependencies, parser, explicit)
            if with_importers:
                diagnostics += _placed_by_importers(source, path_text, settings, enabled, diagnostics, dependencies)
    except _BudgetExceeded:
        diagnostics = [internal_error(path_text, f"mcplint's analysis exceeded the time budget ({_budget_seconds():g} s of CPU time) "
                                          "on this file; please report it")]
    except _StageFailure as failure:
        diagnostics = [_internal(path_text, failure.stage, failure.detail)]
    except RecursionError:
        diagnostics = [_internal(path_text, "engine", "input nests too deeply for mcplint's analysis")]
    except Exception as error:  # noqa: BLE001 - one file's failure must not end the run
        diagnostics = [_internal(path_text, "engine", f"{type(error).__name__}: {error}")]
    return sorted(_without_unfixable_fixes(diagnostics, settings), key=lambda d: d.sort_key)


def _without_unfixable_fixes(diagnostics: list[Diagnostic], settings: Settings) -> list[Diagnostic]:
    """The findings whose code ``fixable`` / ``unfixable`` rule out keep no fix (as ruff:
    they are reported, never fixed, and shown without ``[*]``)."""
    if settings.fixable is None and not settings.unfixable:
        return diagnostics
    return [d if d.fix is None or is_fixable(settings, d.code) else dataclasses.replace(d, fix=None)
            for d in diagnostics]


class _StageFailure(Exception):
    """An unexpected exception in one stage (``parser``, ``model``), to be named in MCP002."""

    def __init__(self, stage: str, error: Exception) -> None:
        super().__init__(stage)
        self.stage = stage
        self.detail = f"{type(error).__name__}: {error}"


def model_of(path: Path | str, settings: Settings | None = None) -> tuple[FileModel | None, Callable[[cst.CSTNode], tuple[str, int]] | None, str | None]:
    """The MCP model of one file, for reports about the model itself (``--show-coverage``).

    Returns ``(model, locate, problem)``: ``locate(node)`` gives the file and 1-based line of
    a node of the model (this file or a linked project module); ``problem`` says why there
    is no model (unreadable, undecodable or unparsable file, or a failure inside mcplint,
    which never propagates). A file without MCP code gives ``(None, None, None)``.
    """
    settings = settings or Settings()
    path_text = str(path)
    try:
        data = Path(path_text).read_bytes()
    except OSError as error:
        return None, None, f"{path_text}: {error.strerror or error}"
    if not has_mcp_code(data):
        return None, None, None
    if len(data) > MAX_MODULE_BYTES:
        return None, None, f"{path_text}: {_too_large(path_text, len(data)).message}"
    text, problem = _decode(data)
    if problem is not None:
        return None, None, _syntax_problem(path_text, *problem)
    try:
        with _gc_paused, _recursion_room(), _time_budget(_budget_seconds()):
            checked = check_source(text)
            failure = checked.failure
            if failure is not None:
                return None, None, _syntax_problem(path_text, *failure)
            module = parse_module(text, parser_config(settings.target_version))
            model = build_model(module, path_text, _pins(path_text, settings), settings)
    except cst.ParserSyntaxError as error:
        return None, None, _syntax_problem(path_text, *_libcst_failure(error))
    except (Exception, _BudgetExceeded) as error:  # noqa: BLE001 - reported, never raised
        return None, None, f"{path_text}: mcplint could not model this file ({type(error).__name__}: {error})"
    positions = _Positions(module, path_text, model.foreign_modules, text, checked)

    def locate(node: cst.CSTNode) -> tuple[str, int]:
        where, span = positions.locate(node)
        return where, span.start.line

    return model, locate, None


def models_of(names: Iterable[Path | str], settings: Settings | None,
              problems: list[str]) -> Iterator[tuple[str, FileModel, Callable[[cst.CSTNode], tuple[str, int]]]]:
    """:func:`model_of` over ``names``, for the reports built on the model (coverage, the
    contract, gen-tests): yields ``(name, model, locate)`` per file with MCP code; each file's
    problem is appended to ``problems``. Never raises for a file."""
    for name in names:
        model, locate, problem = model_of(name, settings)
        if problem is not None:
            problems.append(problem)
        if model is not None and locate is not None:
            yield str(name), model, locate


def _budget_seconds() -> float:
    """The per-file time budget in seconds (``MCPLINT_FILE_TIME_BUDGET``, else 10); 0 = none."""
    try:
        seconds = float(os.environ.get(TIME_BUDGET_ENV, DEFAULT_TIME_BUDGET))
    except ValueError:
        return DEFAULT_TIME_BUDGET
    return seconds if 0 <= seconds < 1e6 else 0.0  # inf/huge: no budget (timers overflow)


#: Python frames allowed while linting in the main thread. The ast pre-check bounds nesting
#: at what CPython's parser accepts (~3,000 levels); walking that in libcst and the model
#: takes a few frames per level, beyond the default limit of 1,000.
_RECURSION_LIMIT = 30_000


@contextmanager
def _recursion_room() -> Iterator[None]:
    """Raise the recursion limit for the block, in the main thread only.

    Only there: its stack is the process's (8 MB on Linux and macOS), while other threads
    (the language server's) may have far smaller stacks, so deep input stays MCP002 there.
    Only on CPython 3.11+, where a Python-to-Python call no longer uses C stack.
    """
    previous = sys.getrecursionlimit()
    if (
        sys.version_info < (3, 11)
        or threading.current_thread() is not threading.main_thread()
        or previous >= _RECURSION_LIMIT
    ):
        yield
        return
    sys.setrecursionlimit(_RECURSION_LIMIT)
    try:
        yield
    finally:
        sys.setrecursionlimit(previous)


class _GcPause:
    """Pauses CPython's cyclic garbage collector while any file is being linted.

    Why: a libcst tree is tens of thousands of objects, and the collector's full passes over
    them cost as much as the rest of the analysis (on the 2,000-line server of
    ``benchmarks/lsp_latency.py``: 2.0 s of CPU with it, 1.0 s without). Trees and the model
    hold no reference cycles that must be reclaimed mid-file; reference counting frees them,
    and the collector runs again once no lint is in progress. Counted, because the language
    server lints on several threads at once.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._running = 0
        self._was_enabled = False

    def __enter__(self) -> None:
        with self._lock:
            if self._running == 0:
                self._was_enabled = gc.isenabled()
                gc.disable()
            self._running += 1

    def __exit__(self, *exc_info) -> None:
        with self._lock:
            self._running -= 1
            if self._running == 0 and self._was_enabled:
                gc.enable()


_gc_paused = _GcPause()


@contextmanager
def collector_paused_between_files() -> Iterator[Callable[[], None]]:
    """Keep the cyclic garbage collector paused over a run of many files; yields a function
    to call after each file, which collects that file's young cyclic garbage.

    Why: between files the collector would run again, and its first passes scan every object
    the lint left alive (the project trees kept for later files) and, every tenth pass and
    more rarely in full, everything older: about a tenth of a CLI run. A young-generation
    pass after each file frees what one lint left in cycles and scans each survivor once.
    What survives the run (the trees kept for later files, the results) is then exempted
    from the collector's later passes (``gc.freeze``): reference counting still frees it, and
    scanning it again as the results are reported cost as much as all the passes between files.
    """
    global _freeze_parsed_trees
    outer = _freeze_parsed_trees
    _freeze_parsed_trees = True
    outer_projects = set_freeze_after_parse(True)  # the project modules' trees too
    try:
        with _gc_paused:
            yield _collect_young
    finally:
        _freeze_parsed_trees = outer
        set_freeze_after_parse(outer_projects)
        gc.freeze()


#: Inside :func:`collector_paused_between_files`: each linted file's tree is exempted from
#: the collector as soon as it is parsed (``gc.freeze``). Why: the young-generation pass
#: after a file otherwise scans every node of the tree (later lints that import the file
#: keep it alive), a few percent of a CLI run, while the cyclic garbage a lint leaves (about
#: twenty objects a file, none of them tree nodes: a tree holds no cycles) comes from the
#: analysis, whose objects are still collected. Reference counting frees a frozen tree.
_freeze_parsed_trees = False


def _collect_young() -> None:
    gc.collect(0)


@contextmanager
def _time_budget(seconds: float) -> Iterator[None]:
    """Raise :class:`_BudgetExceeded` inside the block once it used ``seconds`` of CPU time.

    Why a signal: a thread cannot be killed, and a cooperative deadline would have to be
    checked inside libcst and every rule. ``signal.setitimer`` interrupts any Python code
    of the main thread (the CLI, and each worker process, which runs its tasks in its main
    thread). CPU time (``ITIMER_VIRTUAL``), not wall time: on a busy machine a starved
    process must not turn a quick file into MCP002 (the fuzz campaign saw that happen).
    Off the main thread (the language server's lint threads) :data:`_WATCHDOG` does the same
    job (:class:`_Watchdog`). Limits, accepted: no budget on platforms without ``SIGVTALRM``
    (main thread) or without CPython's ``PyThreadState_SetAsyncExc`` (other threads), or when
    such a timer already runs (it is left alone); and time inside libcst's native parser is
    only interrupted when the parser returns, since both run between Python bytecodes.
    """
    if seconds <= 0:
        yield
        return
    if threading.current_thread() is not threading.main_thread():
        with _WATCHDOG.watching(seconds):
            yield
        return
    usable = hasattr(signal, "SIGVTALRM") and signal.getitimer(signal.ITIMER_VIRTUAL) == (0.0, 0.0)
    if not usable:
        yield
        return

    def expire(signum, frame):  # noqa: ARG001 - signal handler signature
        raise _BudgetExceeded()

    previous = signal.signal(signal.SIGVTALRM, expire)
    # Repeats until the block ends: an exception raised while a gc callback or __del__ runs
    # is printed and dropped by CPython, so one alarm alone could be lost.
    signal.setitimer(signal.ITIMER_VIRTUAL, seconds, _BUDGET_REPEAT)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        signal.signal(signal.SIGVTALRM, previous)


class _Watchdog:
    """The time budget for threads other than the main one, where no signal can interrupt.

    One daemon thread polls the CPU time of each watched thread (``pthread_getcpuclockid``;
    wall time where that is missing) and, once a thread has used its budget, raises
    :class:`_BudgetExceeded` in it with CPython's ``PyThreadState_SetAsyncExc`` (delivered
    between bytecodes, like a signal handler's exception), again every ``_BUDGET_REPEAT``
    seconds until the thread stops being watched: a thread cannot be killed, but a huge
    document can no longer keep a language-server worker busy for ever.
    """

    _POLL = 0.05  # seconds between looks at the watched threads

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._watched: dict[int, tuple[float, Callable[[], float]]] = {}  # ident -> (deadline, clock)
        self._thread: threading.Thread | None = None

    @contextmanager
    def watching(self, seconds: float) -> Iterator[None]:
        """Watch the calling thread for the block (nothing where the platform lacks the means)."""
        ident = threading.get_ident()
        clock = _thread_clock(ident)
        if clock is None or _set_async_exc is None:
            yield
            return
        with self._lock:
            self._watched[ident] = (clock() + seconds, clock)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="mcplint-time-budget", daemon=True)
                self._thread.start()
        try:
            yield
        finally:
            self._stop(ident)

    def _stop(self, ident: int) -> None:
        """Stop watching ``ident`` and clear an alarm already on its way; an alarm that lands
        meanwhile is swallowed here (the block it was meant for has ended)."""
        while True:
            try:
                with self._lock:
                    self._watched.pop(ident, None)
                    _set_async_exc(ident, None)
                return
            except _BudgetExceeded:
                continue

    def _run(self) -> None:
        while True:
            time.sleep(self._POLL)
            with self._lock:
                for ident, (deadline, clock) in list(self._watched.items()):
                    try:
                        now = clock()
                    except OSError:  # the thread is gone
                        self._watched.pop(ident, None)
                        continue
                    if now >= deadline:
                        _set_async_exc(ident, _BudgetExceeded)
                        self._watched[ident] = (now + _BUDGET_REPEAT, clock)


def _thread_clock(ident: int) -> Callable[[], float] | None:
    """A clock of thread ``ident``'s CPU time, else of wall time."""
    try:
        clock_id = time.pthread_getcpuclockid(ident)
        time.clock_gettime(clock_id)
    except (AttributeError, OSError):
        return time.monotonic
    return lambda: time.clock_gettime(clock_id)


def _async_exc_setter() -> Callable[[int, type | None], None] | None:
    """CPython's ``PyThreadState_SetAsyncExc`` (None for the exception clears a pending one)."""
    try:
        import ctypes

        function = ctypes.pythonapi.PyThreadState_SetAsyncExc
    except (ImportError, AttributeError):
        return None

    def set_async_exc(ident: int, exception: type | None) -> None:
        function(ctypes.c_ulong(ident), ctypes.py_object(exception) if exception is not None else None)

    return set_async_exc


_set_async_exc = _async_exc_setter()
_WATCHDOG = _Watchdog()


def _lint(source: str | bytes, path: str, settings: Settings, enabled: frozenset[str],
          dependencies: list[str] | None = None, parser: IncrementalParser | None = None,
          explicit: bool = False) -> list[Diagnostic]:
    if isinstance(source, bytes):
        if not explicit and not may_report(source):
            return []
        if len(source) > MAX_MODULE_BYTES:
            return [_too_large(path, len(source))]
        text, problem = _decode(source)
        if problem is not None:
            return _only_if(enabled, [_syntax_error(path, problem[0], problem[1], problem[2])])
    else:
        text = source
        if not explicit and not may_report(text):
            return []
        if 4 * len(text) > MAX_MODULE_BYTES:  # (a character takes 1 to 4 bytes in UTF-8)
            size = len(text.encode("utf-8", "surrogatepass"))
            if size > MAX_MODULE_BYTES:
                return [_too_large(path, size)]
    shared = isinstance(source, bytes) and parser is None  # see mcplint.model.project.tree_for_lint
    checked = (source_check_for_lint(path, source, text) if shared else None) or check_source(text)
    if checked.failure is not None:
        return _only_if(enabled, [_syntax_error(path, *checked.failure)])
    if parser is None and _surely_silent(checked, settings, source):
        return _apply_suppressions(text, checked, path, [], enabled, settings, None, dependencies)
    try:
        if parser is not None:
            module = parser.parse(text, checked.tree, parser_config(settings.target_version))
        else:
            module = (tree_for_lint(path, source) if shared else None) or \
                parse_module(text, parser_config(settings.target_version))
    except cst.ParserSyntaxError as error:
        return _only_if(enabled, [_syntax_error(path, *_libcst_failure(error))])
    except RecursionError:
        raise
    except Exception as error:  # noqa: BLE001 - named in MCP002
        raise _StageFailure("parser", error) from error
    if _freeze_parsed_trees:
        gc.freeze()
    try:
        model = build_model(module, path, _pins(path, settings), settings)
    except RecursionError:
        raise
    except Exception as error:  # noqa: BLE001 - named in MCP002
        raise _StageFailure("model", error) from error
    diagnostics = []
    found: list[tuple[str, Finding]] = []
    # Rules run for every file a finding may be placed in; per-file ignores are applied where
    # each finding is reported (:func:`_where_reported`).
    running = enabled_codes(settings, ALL_RULES) if settings.per_file_ignores else enabled
    for rule in ALL_RULES:
        if rule.code not in running:
            continue
        try:
            found.extend((rule.code, finding) for finding in rule.check(model))
        except Exception as error:  # noqa: BLE001 - isolate each rule
            diagnostics.append(_internal(path, rule.code, f"{type(error).__name__}: {error}"))
    if dependencies is not None:  # after the rules: facts they asked for may have read more files
        dependencies.extend(model.dependencies)
    positions = _Positions(module, path, model.foreign_modules, text, checked)
    positions.prepare(node for _, finding in found for node in _nodes_to_place(finding))
    seen: set[tuple] = set()
    for code, finding in found:
        diagnostic = _diagnostic(code, finding, path, positions, settings)
        key = fault_key(diagnostic)
        if key not in seen:  # a handler registered on two servers, or a helper two handlers reach
            seen.add(key)
            diagnostics.append(diagnostic)
    diagnostics = without_captured_fixes(checked.view, checked.tree, path, diagnostics)
    diagnostics = with_comment_loss_unsafe(checked.view, path, diagnostics)
    diagnostics = _where_reported(diagnostics, path, enabled, settings)
    diagnostics = _apply_suppressions(text, checked, path, diagnostics, enabled, settings, model.foreign_modules,
                                      dependencies)
    if shared:
        remember_linted(path, source, module, checked.tree)
    return diagnostics


def _too_large(path: str, size: int) -> Diagnostic:
    """MCP002 for a file of ``size`` bytes, over :data:`MAX_MODULE_BYTES`: it is not analysed.
    Why: such files are generated code or data, and the parse alone of one costs memory in
    proportion (a 2 MB module of literals took 1 GB and more than the time budget, a 300,000-line
    one 3.2 GB), before the time budget can stop it (libcst's parser is not interrupted)."""
    return internal_error(path, f"this file is {size / 1e6:.1f} MB; mcplint does not analyse files larger than "
                                f"{MAX_MODULE_BYTES / 1e6:g} MB (generated code or data): it was not linted. "
                                "Exclude it (`extend-exclude`) to silence this")


#: Whether :func:`_lint` skips files CPython's ``ast`` shows cannot report anything (tests
#: switch it off to compare the two).
PRESCREEN = True


def _surely_silent(checked: SourceCheck, settings: Settings, source: str | bytes) -> bool:
    """Whether the rest of the lint can be skipped (:mod:`mcplint.model.prescreen`): never
    for a text only a rewritten view parsed (libcst still judges the text itself, which may
    be MCP000), a configured target version (libcst judges the syntax against it) or a
    configured framework version (MCP003 judges a server that registers nothing)."""
    if not PRESCREEN or checked.tree is None or checked.rewritten or settings.target_version is not None \
            or settings.mcp_version is not None or settings.fastmcp_version is not None:
        return False
    return cannot_report(checked.tree, source)


def _pins(path: str, settings: Settings):
    candidate = Path(path)
    try:
        if candidate.exists():
            return pinned_versions(candidate, settings)
    except OSError:
        return None
    if settings.mcp_version or settings.fastmcp_version:
        return pinned_versions(Path.cwd() / "_", settings)
    return None


def _nodes_to_place(finding: Finding) -> Iterator[cst.CSTNode]:
    yield finding.node
    yield from (item.node for item in finding.related)
    if finding.fix is not None:
        yield from (edit.node for edit in finding.fix.edits if not isinstance(edit, ImportEdit))


def _diagnostic(code: str, finding: Finding, path: str, positions: _Positions, settings: Settings) -> Diagnostic:
    related = tuple(
        RelatedLocation(*positions.locate(item.node), message=item.message) for item in finding.related
    )
    where, span = positions.locate(finding.node)  # a read inside a helper of another module
    fix = _positioned_fix(finding.fix, positions) if where == path else None
    return Diagnostic(code=code, name=RULES_BY_CODE[code].name, message=finding.message, path=where,
                      span=span, severity=severity_for(settings, code), related=related, fix=fix,
                      fault=finding.fault)


def _positioned_fix(plan: FixPlan | None, positions: _Positions) -> Fix | None:
    """A rule's node-placed fix as positioned edits; None when a node cannot be placed."""
    if plan is None:
        return None
    edits = []
    for edit in plan.edits:
        if isinstance(edit, ImportEdit):
            placed = positions.import_edit(edit)
            if placed is not None:
                edits.append(placed)
            continue
        span = positions.span(edit.node)
        if edit.at == "before":
            span = Span(span.start, span.start)
        elif edit.at == "after":
            span = Span(span.end, span.end)
        edits.append(Edit(span, edit.content))
    unique = tuple(dict.fromkeys(edits))  # two findings may ask for the same import
    return Fix(title=plan.title, edits=unique, applicability=plan.applicability)


def _with_noqa_lines(checked: SourceCheck, path: str, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """Diagnostics of this file that start inside a multi-line string learn the line their
    ``# noqa`` goes on (the string's last line)."""
    if not diagnostics:
        return diagnostics
    wanted = [d.span.start.line for d in diagnostics if d.path == path]
    targets = noqa_targets(checked.view, checked.tree, wanted)
    # Strings the view rewrote (f-strings of newer syntax) are no strings in its tree.
    targets.update((line, checked.string_ends[line]) for line in wanted if line in checked.string_ends)
    return [dataclasses.replace(d, noqa_line=targets[d.span.start.line])
            if d.path == path and d.span.start.line in targets else d for d in diagnostics]


def _where_reported(diagnostics: list[Diagnostic], path: str, enabled: frozenset[str],
                    settings: Settings) -> list[Diagnostic]:
    """The findings that the configuration lets be reported in the file each one is placed in:
    ``per-file-ignores`` and ``exclude`` of *that* file, as ruff judges a finding by its file,
    so that the answer does not depend on which module's lint placed it there (a helper of
    ``helpers.py`` reached from ``server.py``). MCP002 is always kept."""
    verdicts: dict[str, frozenset[str]] = {path: enabled}
    kept = []
    for diagnostic in diagnostics:
        where = diagnostic.path
        if where not in verdicts:
            excluded = excluded_by_config(settings, Path(where), Path(path))
            verdicts[where] = frozenset() if excluded else enabled_codes(settings, ALL_RULES, Path(where))
        if diagnostic.code == "MCP002" or diagnostic.code in verdicts[where]:
            kept.append(diagnostic)
    return kept


def _apply_suppressions(text: str, checked: SourceCheck, path: str, diagnostics: list[Diagnostic], enabled, settings,
                        foreign: dict[str, cst.Module] | None = None,
                        dependencies: list[str] | None = None) -> list[Diagnostic]:
    suppressions = parse_suppressions(text)
    by_file = {path: suppressions}
    shown = {_display_path(absolute, path): (absolute, module) for absolute, module in (foreign or {}).items()}
    for other in {d.path for d in diagnostics if d.path != path}:
        # A finding placed in another module obeys that module's noqa comments.
        by_file[other] = parse_suppressions(module_source(*shown[other])) if other in shown else suppressions
    diagnostics = _with_noqa_lines(checked, path, diagnostics)
    if settings.ignore_noqa:  # ruff's --ignore-noqa: no comment suppresses, none is unused
        return diagnostics
    kept = [d for d in diagnostics if not by_file[d.path].is_suppressed(d.code, d.suppression_line)]
    if "MCP001" in enabled:
        if suppressions.unused(enabled):
            _judge_with_project(path, suppressions, settings, dependencies, list(foreign or ()))
        for unused in suppressions.unused(enabled):
            codes = ", ".join(unused.codes)
            title = f"Remove unused `{codes}`" if unused.replacement else "Remove unused `noqa` directive"
            kept.append(Diagnostic(
                code="MCP001", name="unused-suppression", path=path, span=unused.span,
                message=(f"Unused suppression: `# mcplint: noqa: {codes}` suppresses nothing in this file"
                         if unused.file_level else
                         f"Unused suppression: `# noqa: {codes}` suppresses nothing on this line"),
                severity=severity_for(settings, "MCP001"),
                fix=Fix(title, (Edit(unused.fix_span, unused.replacement),), Applicability.SAFE),
            ))
        for directive, unknown in unknown_codes(suppressions, RULES_BY_CODE):
            kept.append(Diagnostic(
                code="MCP001", name="unused-suppression", path=path, span=directive.span,
                message=f"Unknown code in suppression: `{', '.join(unknown)}` is not an mcplint rule",
                severity=severity_for(settings, "MCP001"),
            ))
    return kept


_MAX_JUDGES = 32  # modules linted again to judge one file's noqa comments (bounds the cost)


class _Judging(threading.local):
    """Whether this thread is linting other modules to judge a file's ``noqa`` comments."""

    active = False


_judging = _Judging()


def _judge_with_project(path: str, suppressions: Suppressions, settings: Settings,
                        dependencies: list[str] | None, imported: list[str] = ()) -> None:
    """Mark the ``noqa`` directives of ``path`` that silence a finding which the lint of
    another project module places in ``path`` (a helper of ``helpers.py`` reached from the
    handler of ``server.py``): a suppression is judged with the project view that produces
    its finding, whichever file was named, so ``--fix`` never deletes a used one.

    The modules are those importing ``path`` (:func:`mcplint.model.project.modules_reaching`)
    and the project modules ``path``'s own model read (``imported``: a registration function
    there may report at its caller in ``path``), linted without suppressions and without this
    judgement of their own (no recursion);
    their files and searches join ``dependencies`` (the cache entry of ``path`` then depends
    on them). Only called when a directive of ``path`` looks unused.
    """
    for diagnostic in _found_by_importers(path, settings, dependencies, imported):
        suppressions.is_suppressed(diagnostic.code, diagnostic.suppression_line)


def _found_by_importers(path: str, settings: Settings, dependencies: list[str] | None,
                        imported: Iterable[str] = ()) -> Iterator[Diagnostic]:
    """The unsuppressed findings that the lint of the project modules importing ``path`` (and
    of the ``imported`` modules) places in ``path``; their files and searches join
    ``dependencies``. Nothing while judging (no recursion) or for a buffer that is no file."""
    if _judging.active or not Path(path).is_file():
        return
    modules, searched = modules_reaching(path)
    here = os.path.realpath(path)
    modules = list(dict.fromkeys([*modules, *(m for m in imported if os.path.realpath(m) != here)]))[:_MAX_JUDGES]
    if dependencies is not None:
        dependencies.extend(searched)
    raw = dataclasses.replace(settings, ignore_noqa=True)
    _judging.active = True
    try:
        for module in modules:
            if dependencies is not None:
                dependencies.append(module)
            for diagnostic in _lint_for_judging(module, raw, dependencies):
                if os.path.realpath(diagnostic.path) == here:
                    yield diagnostic
    finally:
        _judging.active = False


def _placed_by_importers(source: str | bytes, path: str, settings: Settings, enabled: frozenset[str],
                         own: list[Diagnostic], dependencies: list[str] | None) -> list[Diagnostic]:
    """The findings that the lint of the project modules importing ``path``
    (:func:`mcplint.model.project.modules_reaching`) places in ``path`` and that its own lint
    (``own``) does not have, judged by ``path``'s ``noqa`` comments and config; their files
    and searches join ``dependencies``. None while judging (no recursion) or for a buffer
    that is no file."""
    seen = {fault_key(d) for d in own}
    text = source if isinstance(source, str) else source.decode("utf-8", errors="replace")
    suppressions = parse_suppressions(text)
    placed: list[Diagnostic] = []
    for found in _found_by_importers(path, settings, dependencies):
        found = dataclasses.replace(found, path=path)
        if found.code not in enabled or fault_key(found) in seen:
            continue
        seen.add(fault_key(found))
        if settings.ignore_noqa or not suppressions.is_suppressed(found.code, found.suppression_line):
            placed.append(found)
    return placed


def _lint_for_judging(module: str, settings: Settings, dependencies: list[str] | None) -> list[Diagnostic]:
    """The unsuppressed findings of the project module ``module``; none when it cannot be read
    or fails (its own lint reports that). Kept for the rest of a run that holds the file
    system still: every helper of a package imported by one server asks for its lint."""
    try:
        data = read_regular(module)
    except OSError:
        return []
    key = (os.path.realpath(module), data, settings)
    kept = _JUDGED.get(key) if file_system_held() else None
    if kept is None:
        found: list[str] = []
        try:
            kept = (_lint(data, module, settings, enabled_codes(settings, ALL_RULES, Path(module)), found), found)
        except (_StageFailure, cst.ParserSyntaxError, RecursionError):
            kept = ([], found)
        except Exception:  # noqa: BLE001 - judging a comment must never fail the file it is in
            kept = ([], found)
        if file_system_held():
            if len(_JUDGED) > 256:
                _JUDGED.clear()
            _JUDGED[key] = kept
    if dependencies is not None:
        dependencies.extend(kept[1])
    return kept[0]


#: :func:`_lint_for_judging`'s answers while a run holds the file system still.
_JUDGED: dict[tuple, tuple[list[Diagnostic], list[str]]] = {}


# -- bad input --------------------------------------------------------------------------------
def _decode(data: bytes) -> tuple[str, tuple[int, int, str] | None]:
    """Decode like CPython does (BOM, coding cookie, else UTF-8); a problem has line/col/message."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as error:
        if "invalid or missing encoding declaration" not in error.msg:
            return "", (getattr(error, "lineno", 1) or 1, 0, f"cannot decode file: {error.msg}")
        # A comment line, then a line that is no UTF-8: located below as when line 1 is code.
        encoding = "utf-8"
    try:
        text = data.decode(encoding)
    except (UnicodeDecodeError, LookupError) as error:
        start = getattr(error, "start", 0)
        line = data.count(b"\n", 0, start) + 1
        column = start - (data.rfind(b"\n", 0, start) + 1)
        return "", (line, column, f"file is not valid {encoding} and declares no other coding ({error})")
    if text.startswith("\ufeff"):
        text = text[1:]
    return text, None


def _syntax_problem(path: str, line: int, column: int, message: str) -> str:
    """A file that cannot be parsed, as the reports built on the model name it: the place
    as MCP000 gives it (1-based line and column) and CPython's message."""
    return f"{path}:{max(line, 1)}:{max(column, 0) + 1}: SyntaxError: {message}"


_LIBCST_PLACE = re.compile(r"^parser error: error at \d+:\d+: ")


def _libcst_failure(error: cst.ParserSyntaxError) -> tuple[int, int, str]:
    """(line, 0-based column, message) of a text CPython accepts and libcst does not (rare:
    CPython is asked first). libcst's native message repeats a place of its own that need
    not agree with the error's (``error at 2:11`` for line 2 column 1), and lists every
    token it expected: the place is dropped, and a list of expected tokens is CPython's
    "invalid syntax"."""
    message = _LIBCST_PLACE.sub("", error.message.strip())
    if message.startswith("expected one of "):
        message = "invalid syntax"
    return error.raw_line, error.raw_column, message or "invalid syntax"


def _syntax_error(path: str, line: int, column: int, message: str) -> Diagnostic:
    return Diagnostic(code="MCP000", name="syntax-error", message=f"SyntaxError: {message}", path=path,
                      span=Span.point(max(line, 1), max(column, 0)))


def _internal(path: str, where: str, detail: str) -> Diagnostic:
    return internal_error(path, f"mcplint failed in {where} on this file ({detail}); please report it")


def _only_if(enabled, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    return [d for d in diagnostics if d.code in enabled or d.code == "MCP002"]
