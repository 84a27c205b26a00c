"""The values every part of mcplint exchanges: spans, diagnostics and fixes.

Lines are 1-based and columns 0-based, counted in Unicode code points of the decoded
source (what libcst reports). Reporters convert: the JSON format uses 1-based columns
like ruff, the language server converts to the client's position encoding.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum

#: Characters that break a one-line report: C0 and C1 controls, DEL, and the line breaks
#: Python's ``str.splitlines`` and editors honour (U+2028, U+2029).
_NOT_ONE_LINE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_NAMED_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def one_line(text: str) -> str:
    """``text`` with its control characters and line separators escaped as Python writes
    them in a string literal (``\\n``, ``\\t``, ``\\x1b``, ``\\u2028``), so that a message
    quoting a source string stays one line in every single-line format (concise, grouped,
    pylint, github, azure) and prints no terminal escape. Idempotent; text without such
    characters is returned as is."""
    if _NOT_ONE_LINE.search(text) is None:
        return text
    return _NOT_ONE_LINE.sub(_escape_one, text)


def _escape_one(match: re.Match[str]) -> str:
    char = match.group()
    named = _NAMED_ESCAPES.get(char)
    if named is not None:
        return named
    return f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}"


class Severity(str, Enum):
    """How loudly a diagnostic is shown; configurable per code in ``[tool.mcplint.severity]``."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


class Applicability(str, Enum):
    """Whether ``--fix`` may apply a fix on its own (ruff's three levels)."""

    SAFE = "safe"
    UNSAFE = "unsafe"
    DISPLAY_ONLY = "display-only"


@dataclass(frozen=True, order=True)
class Position:
    """A point in a source file: ``line`` 1-based, ``column`` 0-based in code points."""

    line: int
    column: int


@dataclass(frozen=True, order=True)
class Span:
    """A half-open range ``[start, end)`` of a source file."""

    start: Position
    end: Position

    @classmethod
    def point(cls, line: int, column: int) -> "Span":
        """An empty span at ``line``/``column`` (used for errors with one location)."""
        position = Position(line, column)
        return cls(position, position)

    @classmethod
    def from_range(cls, code_range) -> "Span":
        """Convert a libcst ``CodeRange`` (1-based lines, 0-based columns) to a Span."""
        return cls(Position(code_range.start.line, code_range.start.column),
                   Position(code_range.end.line, code_range.end.column))


@dataclass(frozen=True)
class RelatedLocation:
    """A second place that matters to a diagnostic, e.g. the declaration behind a read."""

    path: str
    span: Span
    message: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "message", one_line(self.message))  # one line in every format


@dataclass(frozen=True)
class Edit:
    """Replace the text in ``span`` with ``content`` (an insertion when the span is empty)."""

    span: Span
    content: str


@dataclass(frozen=True)
class Fix:
    """A remedy as data: a title naming it, the edits, and whether it is safe to apply."""

    title: str
    edits: tuple[Edit, ...]
    applicability: Applicability = Applicability.SAFE


def fix_applies(fix: Fix | None, unsafe: bool) -> bool:
    """Whether ``--fix`` may apply ``fix``: it has edits, and is safe (or unsafe with ``unsafe``)."""
    if fix is None or not fix.edits:
        return False
    if fix.applicability is Applicability.SAFE:
        return True
    return unsafe and fix.applicability is Applicability.UNSAFE


@dataclass(frozen=True)
class Diagnostic:
    """One finding of one rule at one place in one file.

    ``code`` is permanent (``MCP101``), ``name`` its kebab-case name, ``message`` one sentence
    saying what is wrong. ``related`` carries further locations (a declaration, say) and
    ``fix`` an optional remedy.
    """

    code: str
    name: str
    message: str
    path: str
    span: Span
    severity: Severity = Severity.ERROR
    related: tuple[RelatedLocation, ...] = field(default=())
    fix: Fix | None = None
    noqa_line: int | None = None  # the line for its suppression comment when not its start line
    # what the defect is about when a rule says so (an argument key): two diagnostics of one
    # code at one range about the same thing are one fault whatever their messages say
    # (a helper two tools reach names either tool); not shown in any output
    fault: str | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        # A message quotes source strings (a key, a prompt name) and exception text: each
        # report format keeps a diagnostic on one line (:func:`one_line`).
        object.__setattr__(self, "message", one_line(self.message))

    @property
    def suppression_line(self) -> int:
        """The 1-based line whose ``# noqa`` silences this diagnostic: its start line, or the
        last line of the multi-line string it starts in (a comment cannot go inside one)."""
        return self.noqa_line or self.span.start.line

    @property
    def sort_key(self) -> tuple:
        """Order of output: by file, then position, then code."""
        return (self.path, self.span.start, self.code)


def fault_key(diagnostic: Diagnostic) -> tuple:
    """What makes two diagnostics one fault: the file, range and code, and what the rule says
    the defect is about (``fault``, an argument key), else the message. A helper sink that two
    tools reach is then reported once (the first message in output order), while two keys
    defaulted at one ``{**DEFAULTS, **args}`` stay two."""
    return (diagnostic.path, diagnostic.span, diagnostic.code,
            diagnostic.message if diagnostic.fault is None else ("\0", diagnostic.fault))


def internal_error(path: str, message: str) -> Diagnostic:
    """MCP002 at the top of ``path``: mcplint itself failed on the file (``message`` says how)."""
    return Diagnostic(code="MCP002", name="internal-error", path=path, span=Span.point(1, 0), message=message)
