"""Source lines as positions count them, and as a terminal may safely show them.

Diagnostic lines are the lines CPython's tokenizer and libcst count: they end at ``\\r\\n``,
``\\r`` or ``\\n`` only. ``str.splitlines`` also splits at a form feed (``\\f``, which PEP 8
allows between sections), ``\\v``, ``\\x1c``-``\\x1e``, ``\\x85``, U+2028 and U+2029, so a
report that numbered lines with it would show the wrong line after any of them.
"""

from __future__ import annotations

import re

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
#: C0 controls other than tab, DEL and the C1 controls: shown as one visible character each,
#: so a code frame's carets stay aligned and the source prints no terminal escape.
_UNPRINTABLE = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f]")
_DELETE_PICTURE = "\u2421"
_C1_PICTURE = "\ufffd"


def source_lines(text: str) -> list[str]:
    """``text`` split into the lines diagnostics number (1-based line ``n`` is item ``n - 1``).

    Unlike ``str.splitlines``, only ``\\r\\n``, ``\\r`` and ``\\n`` end a line; a text ending
    in a line break has no empty last item, as with ``splitlines``.
    """
    lines = _LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def printable_line(line: str) -> str:
    """``line`` with each control character (tab kept) replaced by one visible character:
    C0 controls by their Unicode control picture (``\\x1b`` → ``␛``, as ruff shows them),
    DEL by ``␡``, C1 controls by U+FFFD. Columns, counted in code points, are unchanged."""
    if _UNPRINTABLE.search(line) is None:
        return line
    return _UNPRINTABLE.sub(_picture, line)


def _picture(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x20:
        return chr(0x2400 + code)
    return _DELETE_PICTURE if code == 0x7F else _C1_PICTURE
