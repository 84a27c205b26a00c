"""The one analysis core that the CLI and the language server both call.

``lint_source`` takes source text (or bytes), a path and settings and returns diagnostics;
``lint_paths`` discovers files and lints each one in isolation, so that one bad file never
costs the others. Linted code is parsed, never imported or executed.

Per file: decode -> cheap byte prefilter -> ``ast.parse`` pre-check (CPython's own limits,
so input nested deeper than CPython accepts never reaches libcst's native parser, which can
crash the process on it) -> libcst parse -> MCP model -> rules -> positions (computed only
when something is reported) -> suppressions -> severities.
"""

from __future__ import annotations

import ast
import io
import tokenize
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Sequence

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

from mcplint.checks import ALL_RULES, RULES_BY_CODE, Finding
from mcplint.checks.base import FixPlan, ImportEdit, NodeEdit
from mcplint.config import Settings, enabled_codes, severity_for
from mcplint.diagnostics import Diagnostic, Edit, Fix, Position, RelatedLocation, Span
from mcplint.discovery import discover_files
from mcplint.model import build_model
from mcplint.suppression import parse_suppressions
from mcplint.versions import pinned_versions

# Files that cannot hold MCP server code are not parsed at all (PERFORMANCE.md: 0.003x).
_PREFILTER = b"mcp"


@dataclass
class RunResult:
    """Outcome of linting many paths.

    ``diagnostics`` are sorted by file and position; ``errors`` are messages for problems
    that are not findings (a missing path, an unreadable file), each naming its file;
    ``internal_error`` is true when mcplint itself failed on some file (MCP002).
    """

    diagnostics: list[Diagnostic] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    files_checked: int = 0
    internal_error: bool = False


class _Positions:
    """Positions of reported nodes, computed once per file and only when needed."""

    def __init__(self, module: cst.Module) -> None:
        self._module = module
        self._map = None

    def span(self, node: cst.CSTNode) -> Span:
        if self._map is None:
            wrapper = MetadataWrapper(self._module, unsafe_skip_copy=True)
            self._map = wrapper.resolve(PositionProvider)
        code_range = self._map[node]
        return Span.from_range(code_range)

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
        line = self.span(last_import).end.line + 1 if last_import is not None else 1
        return Edit(Span(Position(line, 0), Position(line, 0)), f"from {edit.module} import {edit.name}\n")


def _imports_name(node: cst.ImportFrom, edit: ImportEdit) -> bool:
    if node.module is None or isinstance(node.names, cst.ImportStar):
        return False
    module = cst.Module([]).code_for_node(node.module)
    return module == edit.module and any(
        isinstance(alias.name, cst.Name) and alias.name.value == edit.name and alias.asname is None
        for alias in node.names
    )


def lint_source(source: str | bytes, path: Path | str, settings: Settings | None = None) -> list[Diagnostic]:
    """Lint one file's contents and return its diagnostics, sorted by position.

    Never raises for bad input: undecodable or unparsable text becomes MCP000, a failure
    inside mcplint becomes MCP002 naming the rule. ``path`` is used for messages, per-file
    ignores and for finding the project's pinned framework versions.
    """
    settings = settings or Settings()
    path_text = str(path)
    enabled = enabled_codes(settings, ALL_RULES, Path(path_text))
    try:
        diagnostics = _lint(source, path_text, settings, enabled)
    except RecursionError:
        diagnostics = [_internal(path_text, "parser", "input nests too deeply for mcplint's analysis")]
    except Exception as error:  # noqa: BLE001 - one file's failure must not end the run
        diagnostics = [_internal(path_text, "engine", f"{type(error).__name__}: {error}")]
    return sorted(diagnostics, key=lambda d: d.sort_key)


def _lint(source: str | bytes, path: str, settings: Settings, enabled: frozenset[str]) -> list[Diagnostic]:
    if isinstance(source, bytes):
        if _PREFILTER not in source:
            return []
        text, problem = _decode(source)
        if problem is not None:
            return _only_if(enabled, [_syntax_error(path, problem[0], problem[1], problem[2])])
    else:
        text = source
        if "mcp" not in text:
            return []
    failure = _precheck(text)
    if failure is not None:
        return _only_if(enabled, [_syntax_error(path, *failure)])
    try:
        module = cst.parse_module(text)
    except cst.ParserSyntaxError as error:
        return _only_if(enabled, [_syntax_error(path, error.raw_line, error.raw_column, error.message)])
    model = build_model(module, path, _pins(path, settings), settings)
    positions = _Positions(module)
    diagnostics = []
    for rule in ALL_RULES:
        if rule.code not in enabled:
            continue
        try:
            findings = list(rule.check(model))
        except Exception as error:  # noqa: BLE001 - isolate each rule
            diagnostics.append(_internal(path, rule.code, f"{type(error).__name__}: {error}"))
            continue
        diagnostics.extend(_diagnostic(rule.code, finding, path, positions, settings) for finding in findings)
    return _apply_suppressions(text, path, diagnostics, enabled, settings)


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


def _diagnostic(code: str, finding: Finding, path: str, positions: _Positions, settings: Settings) -> Diagnostic:
    related = tuple(
        RelatedLocation(path=path, span=positions.span(item.node), message=item.message)
        for item in finding.related
    )
    return Diagnostic(code=code, name=RULES_BY_CODE[code].name, message=finding.message, path=path,
                      span=positions.span(finding.node), severity=severity_for(settings, code),
                      related=related, fix=_positioned_fix(finding.fix, positions))


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


def _apply_suppressions(text: str, path: str, diagnostics: list[Diagnostic], enabled, settings) -> list[Diagnostic]:
    suppressions = parse_suppressions(text)
    kept = [d for d in diagnostics if not suppressions.is_suppressed(d.code, d.span.start.line)]
    if "MCP001" in enabled:
        for unused in suppressions.unused():
            codes = ", ".join(unused.codes)
            kept.append(Diagnostic(
                code="MCP001", name="unused-suppression", path=path, span=unused.span,
                message=f"Unused suppression: `# noqa: {codes}` suppresses nothing on this line",
                severity=severity_for(settings, "MCP001"),
            ))
    return kept


# -- bad input --------------------------------------------------------------------------------
def _decode(data: bytes) -> tuple[str, tuple[int, int, str] | None]:
    """Decode like CPython does (BOM, coding cookie, else UTF-8); a problem has line/col/message."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as error:
        return "", (getattr(error, "lineno", 1) or 1, 0, f"cannot decode file: {error.msg}")
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


def _precheck(text: str) -> tuple[int, int, str] | None:
    """CPython's verdict on the text: syntax errors and nesting beyond its limits."""
    try:
        ast.parse(text)
    except SyntaxError as error:
        return error.lineno or 1, max((error.offset or 1) - 1, 0), error.msg
    except (RecursionError, MemoryError):
        return 1, 0, "expression nests deeper than CPython accepts"
    except ValueError as error:  # source with NUL bytes
        return 1, 0, str(error)
    return None


def _syntax_error(path: str, line: int, column: int, message: str) -> Diagnostic:
    return Diagnostic(code="MCP000", name="syntax-error", message=f"SyntaxError: {message}", path=path,
                      span=Span.point(max(line, 1), max(column, 0)))


def _internal(path: str, where: str, detail: str) -> Diagnostic:
    return Diagnostic(code="MCP002", name="internal-error", path=path, span=Span.point(1, 0),
                      message=f"mcplint failed in {where} on this file ({detail}); please report it")


def _only_if(enabled, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    return [d for d in diagnostics if d.code in enabled or d.code == "MCP002"]


# -- many files -------------------------------------------------------------------------------
def lint_file(path: Path, settings: Settings) -> tuple[list[Diagnostic], str | None]:
    """Read and lint one file; an unreadable file gives an error message instead."""
    try:
        data = path.read_bytes()
    except OSError as error:
        return [], f"{path}: cannot read file: {error.strerror or error}"
    return lint_source(data, path, settings), None


def _lint_batch(paths: list[str], settings: Settings) -> list[tuple[list[Diagnostic], str | None]]:
    return [lint_file(Path(p), settings) for p in paths]


def lint_paths(paths: Sequence[Path], settings: Settings | None = None, jobs: int = 1) -> RunResult:
    """Discover the Python files under ``paths`` and lint each one in isolation.

    ``jobs`` > 1 lints in that many worker processes (files batched per worker, since each
    worker pays the libcst import once). Missing paths and unreadable files are reported in
    ``errors``; the other files are still linted.
    """
    settings = settings or Settings()
    discovery = discover_files(list(paths), settings)
    result = RunResult(files_checked=len(discovery.files))
    result.errors.extend(f"{p}: No such file or directory" for p in discovery.missing)
    for diagnostics, error in _run(discovery.files, settings, jobs):
        result.diagnostics.extend(diagnostics)
        if error:
            result.errors.append(error)
    result.internal_error = any(d.code == "MCP002" for d in result.diagnostics)
    result.diagnostics.sort(key=lambda d: d.sort_key)
    return result


def _run(files: list[Path], settings: Settings, jobs: int) -> Iterable[tuple[list[Diagnostic], str | None]]:
    if jobs <= 1 or len(files) < 2 * jobs:
        for path in files:
            yield lint_file(path, settings)
        return
    batches = [[str(p) for p in files[i::jobs]] for i in range(jobs)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for outcome in pool.map(_lint_batch, batches, [settings] * len(batches)):
            yield from outcome
