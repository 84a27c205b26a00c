"""Small writers of Python source text in the shape ``ruff format`` keeps (double quotes,
88 columns, magic trailing commas), so generated modules are formatted as written."""

from __future__ import annotations

from typing import Any

LINE_LENGTH = 88


def py_string(text: str) -> str:
    """``text`` as a string literal quoted the way ruff format prefers (double quotes
    unless that needs more escapes)."""
    literal = repr(text)
    if literal.startswith("'") and '"' not in text:
        return '"' + literal[1:-1].replace("\\'", "'") + '"'
    return literal


def py_value(value: Any, indent: int = 0) -> str:
    """A literal for ``value`` (str, int, float, bool, None, Ellipsis, tuple, list, dict).

    Non-empty lists and dicts that do not fit on one line are exploded one item a line with
    a trailing comma; ``indent`` is the column the literal starts at (for the fit check).
    """
    if isinstance(value, str):
        return py_string(value)
    if value is ...:
        return "..."
    if value is None or isinstance(value, (bool, int, float)):
        return repr(value)
    if isinstance(value, tuple):
        inner = ", ".join(py_value(item) for item in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, list):
        return _container("[", "]", [py_value(item, indent + 4) for item in value], indent)
    if isinstance(value, dict):
        items = [f"{py_value(key)}: {py_value(item, indent + 4)}" for key, item in value.items()]
        return _container("{", "}", items, indent)
    raise TypeError(f"no literal for {type(value).__name__}")


def _container(opening: str, closing: str, items: list[str], indent: int) -> str:
    one_line = opening + ", ".join(items) + closing
    if not items or (len(one_line) + indent <= LINE_LENGTH and "\n" not in one_line):
        return one_line
    pad = " " * (indent + 4)
    body = "".join(f"{pad}{item},\n" for item in items)
    return f"{opening}\n{body}{' ' * indent}{closing}"


def call(indent: int, head: str, arguments: list[str], tail: str = "", brackets: str = "()") -> str:
    """``head(arg, ...)tail`` on one line when it fits, else one argument a line with a magic
    trailing comma (which ruff format keeps); ``brackets`` may be ``{}`` or ``[]`` for a display."""
    opening, closing = brackets
    one_line = f"{' ' * indent}{head}{opening}{', '.join(arguments)}{closing}{tail}"
    if not arguments or (len(one_line) <= LINE_LENGTH and "\n" not in one_line):
        return one_line
    pad = " " * (indent + 4)
    body = "".join(f"{pad}{argument},\n" for argument in arguments)
    return f"{' ' * indent}{head}{opening}\n{body}{' ' * indent}{closing}{tail}"


def docstring_text(text: str) -> str:
    """``text`` made safe inside a triple-quoted docstring or a comment: no quotes or
    backslashes to escape, and a character that is not printable (a NUL, an escape, a lone
    surrogate: a name in the linted source may hold any) written as ``U+XXXX``."""
    plain = text.replace("\\", "/").replace('"', "'")
    return " ".join("".join(c if c.isprintable() or c.isspace() else f"U+{ord(c):04X}" for c in plain).split())
