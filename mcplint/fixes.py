"""Applying fixes and ``# noqa`` comments to files: ``--fix``, ``--diff`` and ``--add-noqa``.

Fixes arrive as data on diagnostics (:class:`mcplint.diagnostics.Fix`, positioned by the
engine). This module applies them to a file's text the way ruff does:

* fixes are taken in source order; a fix whose edits overlap an edit already taken is
  skipped for this pass (it is proposed again when the file is re-linted);
* only fixes the user allowed are applied: safe ones, unsafe ones with ``--unsafe-fixes``,
  display-only ones never;
* after each pass the result is linted again and the new fixes applied, at most
  :data:`MAX_PASSES` times, until nothing changes;
* a pass whose result does not parse (``ast.parse`` and libcst) is retried fix by fix, and a
  fix that breaks the parse is dropped, so the written text always parses;
* the file keeps its encoding (coding cookie or BOM), its line endings (the first line
  ending of the file is used for inserted lines) and its permission bits; it is written
  through a temporary file in the same directory and ``os.replace``, so an interrupted write
  leaves the original intact. A file whose text does not change is never written.
"""

from __future__ import annotations

import difflib
import io
import os
import re
import stat
import tempfile
import tokenize
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Sequence

from mcplint.config import Settings
from mcplint.diagnostics import Diagnostic, Edit, Fix, Position, Span, fix_applies
from mcplint.suppression import MCPLINT_CODE, Directive, noqa_lines, parse_suppressions
from mcplint.syntax import check_source
from mcplint.syntax import parses as syntax_parses

#: How many lint-and-fix passes one file gets before mcplint stops (ruff uses 100; mcplint's
#: fixes do not chain, so a handful suffices and bounds a fix that keeps proposing itself).
MAX_PASSES = 10

#: Codes ``--add-noqa`` never writes: a ``noqa`` cannot silence the engine's own findings.
_UNSUPPRESSIBLE = frozenset({"MCP000", "MCP001", "MCP002"})

_NEWLINE = re.compile(r"\r\n|\r|\n")

Lint = Callable[[str], list[Diagnostic]]


# -- the text of a file -------------------------------------------------------------------------
@dataclass(frozen=True)
class SourceFile:
    """A file's bytes decoded as CPython reads them.

    ``text`` has no BOM; ``encoding`` is the codec that round-trips it (``utf-8-sig`` when the
    file starts with a BOM); ``newline`` is the file's first line ending (``"\\n"`` if none).
    """

    text: str
    encoding: str
    newline: str

    @classmethod
    def decode(cls, data: bytes) -> SourceFile:
        """Decode ``data`` using its BOM or coding cookie (UTF-8 otherwise).

        Raises ``SyntaxError`` for a bad cookie and ``UnicodeDecodeError`` for bytes that are
        not in the declared encoding (such files are reported as MCP000 and never fixed).
        """
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        text = data.decode(encoding)
        if encoding == "utf-8-sig" and text.startswith("\ufeff"):
            text = text[1:]
        match = _NEWLINE.search(text)
        return cls(text, encoding, match.group() if match else "\n")

    def encode(self, text: str) -> bytes:
        """``text`` in the file's encoding (the BOM is written again by ``utf-8-sig``)."""
        return text.encode(self.encoding)


def line_starts(text: str) -> list[int]:
    """Offsets where each line begins (index 0 is line 1); ``\\r\\n``, ``\\r`` and ``\\n`` end lines,
    as in CPython's tokenizer and libcst's positions."""
    return [0, *(match.end() for match in _NEWLINE.finditer(text))]


def _offset(starts: Sequence[int], text: str, position: Position) -> int:
    """The string offset of a (1-based line, 0-based code-point column) position."""
    if position.line > len(starts):
        return len(text)
    return min(starts[position.line - 1] + position.column, len(text))


# -- choosing and applying fixes ------------------------------------------------------------------
def is_applicable(fix: Fix | None, unsafe: bool) -> bool:
    """Whether ``--fix`` may apply ``fix`` (:func:`mcplint.diagnostics.fix_applies`)."""
    return fix_applies(fix, unsafe)


def _offsets(fix: Fix, starts: Sequence[int], text: str) -> list[tuple[int, int, str]]:
    return sorted((_offset(starts, text, e.span.start), _offset(starts, text, e.span.end), e.content) for e in fix.edits)


def _conflicts(edit: tuple[int, int, str], taken: Iterable[tuple[int, int, str]]) -> bool:
    """Edits conflict when their ranges overlap, or when both insert at the same point."""
    start, end, _ = edit
    for other_start, other_end, _ in taken:
        if start == other_start or (start < other_end and other_start < end):
            return True
    return False


def select_fixes(text: str, fixes: Sequence[Fix]) -> list[Fix]:
    """The fixes of one pass: in order of their first edit, each one that overlaps none taken."""
    starts = line_starts(text)
    ordered = sorted(fixes, key=lambda fix: min((e.span.start for e in fix.edits), default=Position(0, 0)))
    taken: list[tuple[int, int, str]] = []
    chosen = []
    for fix in ordered:
        edits = _offsets(fix, starts, text)
        if any(_conflicts(edit, taken) for edit in edits):
            continue  # proposed again after the re-lint; a fix's own edits may share a point (imports)
        taken.extend(edits)
        chosen.append(fix)
    return chosen


def apply_edits(text: str, fixes: Sequence[Fix], newline: str = "\n") -> str:
    """``text`` with every edit of ``fixes`` applied (they must not overlap).

    Line breaks in inserted content become ``newline`` so a CRLF file stays CRLF.
    """
    starts = line_starts(text)
    edits = sorted((edit for fix in fixes for edit in _offsets(fix, starts, text)), reverse=True)
    for start, end, content in edits:
        if newline != "\n":
            content = _NEWLINE.sub(newline, content)
        text = text[:start] + content + text[end:]
    return text


def parses(text: str) -> bool:
    """Whether CPython (or, for syntax newer than the running Python, its view of the text:
    :mod:`mcplint.syntax`) and libcst both accept ``text``."""
    return syntax_parses(text)


@dataclass
class FixOutcome:
    """What fixing one file's text did.

    ``text`` is the final text; ``applied`` the diagnostics whose fixes went in (in pass
    order); ``rejected`` those whose fix would have produced text that does not parse;
    ``remaining`` the diagnostics of the final text.
    """

    text: str
    applied: list[Diagnostic] = field(default_factory=list)
    rejected: list[Diagnostic] = field(default_factory=list)
    remaining: list[Diagnostic] = field(default_factory=list)


def _fix_key(diagnostic: Diagnostic) -> tuple:
    """A fix's identity across passes (positions move, its text does not)."""
    fix = diagnostic.fix
    return diagnostic.code, fix.title, tuple(edit.content for edit in fix.edits)


def fix_text(text: str, lint: Lint, unsafe: bool = False, newline: str = "\n",
             diagnostics: list[Diagnostic] | None = None) -> FixOutcome:
    """Apply the allowed fixes of ``lint(text)`` to ``text`` until stable (at most MAX_PASSES).

    ``lint`` returns the diagnostics of a text (``diagnostics`` are those of ``text`` when
    already known). A fix whose result would not parse is dropped and listed in ``rejected``.
    """
    outcome = FixOutcome(text)
    rejected: set[tuple] = set()
    current = diagnostics if diagnostics is not None else lint(text)
    for _ in range(MAX_PASSES):
        candidates = [d for d in current if is_applicable(d.fix, unsafe) and _fix_key(d) not in rejected]
        if not candidates:
            break
        chosen_fixes = select_fixes(outcome.text, [d.fix for d in candidates])
        chosen = [d for d in candidates if any(d.fix is f for f in chosen_fixes)]
        new_text, applied = _apply_parsing(outcome.text, chosen, newline, outcome, rejected)
        if new_text == outcome.text:
            break
        outcome.text = new_text
        outcome.applied.extend(applied)
        current = lint(outcome.text)
    outcome.remaining = current
    return outcome


def _apply_parsing(text: str, chosen: list[Diagnostic], newline: str, outcome: FixOutcome,
                   rejected: set[tuple]) -> tuple[str, list[Diagnostic]]:
    """Apply ``chosen`` together; if that does not parse, one by one, dropping those that break it."""
    combined = apply_edits(text, [d.fix for d in chosen], newline)
    if parses(combined):
        return combined, chosen
    kept: list[Diagnostic] = []
    result = text
    for diagnostic in chosen:
        attempt = apply_edits(text, [d.fix for d in [*kept, diagnostic]], newline)
        if parses(attempt):
            kept.append(diagnostic)
            result = attempt
        else:
            rejected.add(_fix_key(diagnostic))
            outcome.rejected.append(diagnostic)
    return result, kept


# -- noqa comments ----------------------------------------------------------------------------
def noqa_text(text: str, diagnostics: Iterable[Diagnostic], newline: str = "\n",
              reason: str | None = None) -> tuple[str, int]:
    """``text`` with ``# noqa: CODE`` for every diagnostic on its start line; the number of
    lines changed.

    Codes join an existing ``# noqa: ...`` of the line (``# noqa: E501, MCP202``); a line
    with none gets ``  # noqa: CODE, ...`` at its end. Skipped: the engine's own codes (a
    noqa cannot silence them), lines that end inside a multi-line string or continue with a
    backslash (a comment there would change the code), lines holding a file-level directive.
    ``reason`` (``--add-noqa=REASON``) follows the codes of each new comment, as in ruff
    (``# noqa: MCP202 reason``). An existing directive keeps its codes in their order and
    whatever follows them (``# noqa: E501, MCP202  legacy API``, lexed as ruff lexes codes:
    :func:`mcplint.suppression.lex_codes`); it gets ``reason`` only when it has none. A blanket
    ``# noqa`` is left alone (it already silences every code, as ruff leaves it).
    """
    wanted: dict[int, list[str]] = {}
    for diagnostic in diagnostics:
        if diagnostic.code in _UNSUPPRESSIBLE or not MCPLINT_CODE.match(diagnostic.code):
            continue
        codes = wanted.setdefault(diagnostic.suppression_line, [])
        if diagnostic.code not in codes:
            codes.append(diagnostic.code)
    if not wanted:
        return text, 0
    suppressions = parse_suppressions(text)
    # Lines no comment can end; the view adds f-strings of syntax newer than this Python.
    spanning = frozenset(noqa_lines(text)) | frozenset(check_source(text).string_ends)
    file_lines = {directive.line for directive in suppressions.file_level}
    lines = _NEWLINE.split(text)
    edits = []
    for line, codes in sorted(wanted.items()):
        if line in spanning or line in file_lines or not 0 < line <= len(lines):
            continue
        edit = _noqa_edit(lines[line - 1], line, codes, suppressions.by_line.get(line), reason)
        if edit is not None:
            edits.append(Fix("noqa", (edit,)))
    return apply_edits(text, edits, newline), len(edits)


def _noqa_edit(line_text: str, line: int, codes: list[str], directive: Directive | None,
               reason: str | None = None) -> Edit | None:
    """The edit that makes the line's ``noqa`` name ``codes``: the existing directive's codes
    extended (its reason kept), else a new comment at the end of the line; None where no
    comment can go or a blanket directive already stands."""
    if directive is not None:
        if directive.blanket:
            return None
        merged = list(directive.codes_written())
        merged.extend(code for code in codes if code not in merged)
        has_reason = directive.trailing.strip() and not directive.trailing.strip().startswith("#")
        added_reason = f" {reason}" if reason and not has_reason else ""
        return Edit(directive.span, "# noqa: " + ", ".join(merged) + added_reason)
    code_end = len(line_text.rstrip())
    if line_text[:code_end].endswith("\\"):
        return None
    comment = "  # noqa: " + ", ".join(codes) + (f" {reason}" if reason else "")
    return Edit(Span(Position(line, code_end), Position(line, len(line_text))), comment)


# -- files --------------------------------------------------------------------------------------
@dataclass
class FileResult:
    """The outcome for one file: its old and new text, the fixes, and an error if it failed.

    ``changed`` is true when the new text differs; ``written`` when it was written to disk.
    """

    path: Path
    old: str = ""
    new: str = ""
    applied: list[Diagnostic] = field(default_factory=list)
    rejected: list[Diagnostic] = field(default_factory=list)
    remaining: list[Diagnostic] = field(default_factory=list)
    noqa_added: int = 0
    error: str | None = None
    written: bool = False

    @property
    def changed(self) -> bool:
        """Whether the file's text would change."""
        return self.new != self.old

    def diff(self) -> str:
        """The change as a unified diff (``--- path`` / ``+++ path``), empty when unchanged."""
        if not self.changed:
            return ""
        lines = difflib.unified_diff(
            self.old.splitlines(keepends=True), self.new.splitlines(keepends=True),
            fromfile=str(self.path), tofile=str(self.path))
        return "".join(line if line.endswith(("\n", "\r")) else line + "\n\\ No newline at end of file\n"
                       for line in lines)


def fix_file(path: Path, settings: Settings, *, unsafe: bool = False, write: bool = True,
             add_noqa: bool = False, noqa_reason: str | None = None, explicit: bool = False) -> FileResult:
    """Fix one file (or, with ``add_noqa``, add ``# noqa`` for its findings, followed by
    ``noqa_reason`` when given) and write it
    back when it changed and ``write`` is true. Never raises for a bad or unwritable file:
    the problem is in ``error``. ``explicit``: the file was named, so it is linted even
    without MCP code (:func:`mcplint.engine.lint_source`)."""
    result = FileResult(path)
    try:
        data = path.read_bytes()
        before = os.stat(path)
    except OSError as error:
        result.error = f"{path}: cannot read file: {error.strerror or error}"
        return result
    source = _fix_bytes(result, data, settings, unsafe=unsafe, add_noqa=add_noqa, noqa_reason=noqa_reason,
                        explicit=explicit)
    if write and source is not None and result.changed:
        _write(result, source, before)
    return result


def fix_source(data: bytes, path: str, settings: Settings, *, unsafe: bool = False) -> tuple[FileResult, bytes]:
    """Fix source that is not on disk (stdin, linted as ``path``, which is never written).

    Returns the outcome (``old``/``new``: the text before and after) and the fixed bytes, in
    the source's own encoding; ``data`` itself when it cannot be decoded or nothing changed."""
    result = FileResult(Path(path))
    source = _fix_bytes(result, data, settings, unsafe=unsafe, explicit=True)
    if source is None or not result.changed:
        return result, data
    try:
        return result, source.encode(result.new)
    except UnicodeEncodeError as error:
        result.error = f"{path}: not fixed: the fixed text cannot be written as {source.encoding} ({error.reason})"
        return result, data


def _fix_bytes(result: FileResult, data: bytes, settings: Settings, *, unsafe: bool, add_noqa: bool = False,
               noqa_reason: str | None = None, explicit: bool = False) -> SourceFile | None:
    """Fill ``result`` with the fixes (or noqa comments) of ``data``, linted as ``result.path``;
    the decoded source, None when it cannot be decoded."""
    from mcplint.engine import lint_source

    path = result.path
    named = {"explicit": True} if explicit else {}  # stdin is linted whatever the prefilter says
    diagnostics = lint_source(data, path, settings, **named)
    try:
        source = SourceFile.decode(data)
    except (SyntaxError, UnicodeDecodeError, LookupError):
        result.remaining = diagnostics  # MCP000 says why; nothing is fixed in such a file
        return None
    result.old = result.new = source.text
    if any(d.code in ("MCP000", "MCP002") for d in diagnostics):
        result.remaining = diagnostics
        return source
    if add_noqa:
        own = [d for d in diagnostics if d.path == str(path)]  # not findings placed in other modules
        result.new, result.noqa_added = noqa_text(source.text, own, source.newline, noqa_reason)
        result.remaining = lint_source(result.new, path, settings, **named) if result.changed else diagnostics
    else:
        outcome = fix_text(source.text, lambda text: lint_source(text, path, settings, **named), unsafe,
                           source.newline, diagnostics)
        result.new, result.applied = outcome.text, outcome.applied
        result.rejected, result.remaining = outcome.rejected, outcome.remaining
    return source


def add_noqa_files(paths: Sequence[Path], settings: Settings, reason: str | None = None,
                   named: frozenset[str] = frozenset()) -> list[FileResult]:
    """``--add-noqa`` over ``paths``: lint every file first, then write each finding's
    ``# noqa`` in the file it is *reported* in, which may be a module the lint of another
    reached (a helper of ``helpers.py`` called by the handler of ``server.py``), named or
    not, so that a second run reports nothing. ``named``: the absolute paths given by name
    (linted even without MCP code). A file whose own lint is MCP000 or MCP002 gets nothing.
    One result per file linted or written, in that order; never raises for a bad file."""
    from mcplint.engine import lint_source

    results: dict[str, FileResult] = {}
    wanted: dict[str, list[Diagnostic]] = {}
    broken: set[str] = set()
    for path in paths:
        real = os.path.realpath(path)
        result = results.setdefault(real, FileResult(path))
        try:
            data = path.read_bytes()
        except OSError as error:
            result.error = f"{path}: cannot read file: {error.strerror or error}"
            continue
        diagnostics = lint_source(data, path, settings, explicit=os.path.abspath(path) in named)
        result.remaining = diagnostics
        for diagnostic in diagnostics:
            where = os.path.realpath(diagnostic.path)
            if diagnostic.code in ("MCP000", "MCP002"):
                broken.add(where)
            else:
                wanted.setdefault(where, []).append(diagnostic)
    for real, diagnostics in wanted.items():
        if real in broken:
            continue
        result = results.setdefault(real, FileResult(Path(diagnostics[0].path)))
        if result.error is None:
            _add_noqa_to(result, diagnostics, reason)
    return list(results.values())


def _add_noqa_to(result: FileResult, diagnostics: list[Diagnostic], reason: str | None) -> None:
    """Write the ``# noqa`` comments of ``diagnostics`` (all reported in ``result.path``)."""
    try:
        data = result.path.read_bytes()
        before = os.stat(result.path)
        source = SourceFile.decode(data)
    except OSError as error:
        result.error = f"{result.path}: cannot read file: {error.strerror or error}"
        return
    except (SyntaxError, UnicodeDecodeError, LookupError):
        return  # its own lint says why (MCP000)
    result.old = source.text
    result.new, result.noqa_added = noqa_text(source.text, diagnostics, source.newline, reason)
    if result.changed:
        _write(result, source, before)


def _write(result: FileResult, source: SourceFile, before: os.stat_result) -> None:
    """Write ``result.new`` in the file's encoding; on failure record the error and keep the file."""
    try:
        data = source.encode(result.new)
    except UnicodeEncodeError as error:
        result.error = f"{result.path}: not fixed: the fixed text cannot be written as {source.encoding} ({error.reason})"
        return
    try:
        now = os.stat(result.path)
        if (now.st_mtime_ns, now.st_size) != (before.st_mtime_ns, before.st_size):
            result.error = f"{result.path}: not fixed: the file changed while it was being fixed"
            return
        atomic_write(result.path, data, stat.S_IMODE(before.st_mode))
    except OSError as error:
        result.error = f"{result.path}: cannot write file: {error.strerror or error}"
        return
    result.written = True


def atomic_write(path: Path, data: bytes, mode: int) -> None:
    """Replace the file at ``path`` (a symlink's target) with ``data`` and permission bits ``mode``.

    The bytes go to a temporary file in the same directory, which then replaces the original
    with ``os.replace`` (atomic on POSIX and Windows); if anything fails the temporary file is
    removed and the original is untouched. Raises ``OSError``.
    """
    target = Path(os.path.realpath(path))
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".mcplint")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
