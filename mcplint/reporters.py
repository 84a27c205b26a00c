"""Turning diagnostics into text: ``full``, ``concise``, ``json``, ``json-lines``, statistics.

Diagnostic columns are 0-based; every format here prints them 1-based, like ruff. The JSON
fields follow ruff's JSON output (``code``, ``name``, ``message``, ``filename``,
``location``, ``end_location``, ``fix``, ``url``, ``noqa_row``) plus ``severity`` and
``related``; keys are sorted as in ruff.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any, Callable

from mcplint.diagnostics import Diagnostic, Position, Span
from mcplint.docs import rule_url

FORMATS = ("full", "concise", "json", "json-lines")
_MAX_FRAME_LINES = 6

ReadSource = Callable[[str], "str | None"]


def render(diagnostics: list[Diagnostic], fmt: str, read_source: ReadSource) -> str:
    """The report of ``diagnostics`` in format ``fmt`` (one of :data:`FORMATS`).

    ``read_source(path)`` returns a file's text for the ``full`` code frames, or None when
    it cannot (the frame is then left out). The result ends with a newline unless empty
    (``json`` always gives at least ``[]``). Raises ValueError for an unknown format.
    """
    ordered = sorted(diagnostics, key=lambda d: d.sort_key)
    if fmt == "json":
        return json.dumps([to_json(d) for d in ordered], indent=2, sort_keys=True) + "\n"
    if fmt == "json-lines":
        return "".join(json.dumps(to_json(d), sort_keys=True) + "\n" for d in ordered)
    if fmt == "concise":
        return "".join(_headline(d) + "\n" for d in ordered)
    if fmt == "full":
        return "".join(_full(d, read_source) + "\n" for d in ordered)
    raise ValueError(f"unknown output format {fmt!r}; expected one of {', '.join(FORMATS)}")


def render_statistics(diagnostics: list[Diagnostic], fmt: str = "full") -> str:
    """Counts per code, most frequent first, like ``ruff --statistics``.

    Text: one ``count<TAB>code<TAB>name`` line per code, columns padded. With ``fmt`` json
    or json-lines: a JSON array of ``{"code", "name", "count"}`` objects.
    """
    names = {d.code: d.name for d in diagnostics}
    rows = sorted(Counter(d.code for d in diagnostics).items(), key=lambda item: (-item[1], item[0]))
    if fmt in ("json", "json-lines"):
        objects = [{"code": code, "count": count, "name": names[code]} for code, count in rows]
        return json.dumps(objects, indent=2) + "\n"
    width = max((len(str(count)) for _, count in rows), default=0)
    return "".join(f"{count:>{width}}\t{code}\t{names[code]}\n" for code, count in rows)


def summary(diagnostics: list[Diagnostic]) -> str:
    """The closing line of a text report: ``Found 3 errors.`` or ``All checks passed!``."""
    count = len(diagnostics)
    if count == 0:
        return "All checks passed!"
    return f"Found {count} error{'s' if count != 1 else ''}."


def to_json(diagnostic: Diagnostic) -> dict[str, Any]:
    """One diagnostic as a JSON-ready dict (1-based rows and columns)."""
    return {
        "code": diagnostic.code,
        "name": diagnostic.name,
        "message": diagnostic.message,
        "filename": diagnostic.path,
        "location": _location(diagnostic.span.start),
        "end_location": _location(diagnostic.span.end),
        "fix": _fix_json(diagnostic),
        "url": rule_url(diagnostic.code),
        "noqa_row": diagnostic.span.start.line,
        "severity": diagnostic.severity.value,
        "related": [
            {
                "filename": related.path,
                "location": _location(related.span.start),
                "end_location": _location(related.span.end),
                "message": related.message,
            }
            for related in diagnostic.related
        ],
    }


def _location(position: Position) -> dict[str, int]:
    """``{"row", "column"}``, both 1-based."""
    return {"row": position.line, "column": position.column + 1}


def _fix_json(diagnostic: Diagnostic) -> dict[str, Any] | None:
    """The fix as ruff's JSON shape, or None."""
    fix = diagnostic.fix
    if fix is None:
        return None
    edits = [
        {
            "content": edit.content,
            "location": _location(edit.span.start),
            "end_location": _location(edit.span.end),
        }
        for edit in fix.edits
    ]
    return {"message": fix.title, "applicability": fix.applicability.value, "edits": edits}


def _where(path: str, position: Position) -> str:
    """``path:line:col`` with a 1-based column."""
    return f"{path}:{position.line}:{position.column + 1}"


def _headline(diagnostic: Diagnostic) -> str:
    """``path:line:col: CODE message``."""
    return f"{_where(diagnostic.path, diagnostic.span.start)}: {diagnostic.code} {diagnostic.message}"


def _full(diagnostic: Diagnostic, read_source: ReadSource) -> str:
    """Headline, code frame, related notes and fix help of one diagnostic."""
    parts = [_headline(diagnostic)]
    source = read_source(diagnostic.path)
    if source is not None:
        parts.extend(_frame(source.splitlines(), diagnostic.span, diagnostic.code))
    for related in diagnostic.related:
        parts.append(f"  = note: {_where(related.path, related.span.start)}: {related.message}")
    if diagnostic.fix is not None:
        parts.append(f"  = help: {diagnostic.fix.title}")
    return "\n".join(parts) + "\n"


def _frame(lines: list[str], span: Span, code: str) -> list[str]:
    """The span's lines, numbered, each followed by a ``^^^`` line under its part of the span.

    At most :data:`_MAX_FRAME_LINES` lines are shown; the code follows the last caret.
    """
    first, last = span.start.line, min(span.end.line, len(lines))
    if first < 1 or first > len(lines):
        return []
    shown = range(first, min(last, first + _MAX_FRAME_LINES - 1) + 1)
    width = len(str(shown[-1]))
    gutter = " " * width + " |"
    out = [gutter]
    for number in shown:
        text = lines[number - 1]
        start = span.start.column if number == first else len(text) - len(text.lstrip())
        end = span.end.column if number == span.end.line else len(text)
        marker = _caret(text, start, end, at_least=int(number == first))
        marker += f" {code}" if number == shown[-1] else ""
        out += [f"{number:>{width}} | {text}", f"{gutter} {marker}"]
    return out + [gutter]


def _caret(text: str, start: int, end: int, at_least: int) -> str:
    """Spaces up to ``start`` (tabs kept so alignment holds), then ``^`` up to ``end``
    (at least ``at_least`` of them)."""
    start = min(start, len(text))
    padding = "".join("\t" if char == "\t" else " " for char in text[:start])
    return padding + "^" * max(at_least, min(end, len(text)) - start)
