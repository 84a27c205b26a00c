"""A string a regular expression matches, for the checks a handler runs on an argument.

``re.fullmatch(r"[A-Z]{2,4}-\\d{1,5}", ticket)`` rejects most text, so the valid sample must be
built from the pattern. The pattern is parsed with the standard library's own parser (the
``sre_parse`` module, ``re._parser`` since Python 3.11) and a short matching string is built
from a safe subset: literals, classes, categories, ``.``, repeats (their least count, at
least one), alternatives (the first that works), groups and back-references, anchors.
Lookarounds, conditionals and anything else give None, and so does a built string that
``re.fullmatch`` does not accept (the check is run on the pattern text, never on the linted
code). Patterns longer than :data:`MAX_PATTERN` are not tried.
"""

from __future__ import annotations

import re

try:  # Python 3.11+: the parser behind ``re`` (``sre_parse`` is a deprecated alias)
    from re import _parser as sre_parse
except ImportError:  # Python 3.10
    import sre_parse  # type: ignore[no-redef]

MAX_PATTERN = 300
_MAX_LENGTH = 200
#: Characters tried, in order, for a negated class or a category.
_CANDIDATES = "a1A-_ .xz0Z9"
_CATEGORY_SAMPLES = {
    "CATEGORY_DIGIT": "1", "CATEGORY_NOT_DIGIT": "a", "CATEGORY_SPACE": " ", "CATEGORY_NOT_SPACE": "a",
    "CATEGORY_WORD": "a", "CATEGORY_NOT_WORD": "-", "CATEGORY_LINEBREAK": "\n", "CATEGORY_NOT_LINEBREAK": "a",
}


class _GiveUp(Exception):
    """The pattern uses something the generator does not build."""


def regex_sample(pattern: str, flags: int = 0) -> str | None:
    """A short string ``re.fullmatch(pattern, s, flags)`` accepts, or None when the pattern is
    not a valid string pattern, too long, or outside the safe subset."""
    if not isinstance(pattern, str) or len(pattern) > MAX_PATTERN:
        return None
    try:
        parsed = sre_parse.parse(pattern, flags)
        groups: dict[int, str] = {}
        text = _build(parsed, groups)
    except (_GiveUp, re.error, RecursionError, OverflowError, ValueError, TypeError):
        return None
    if len(text) > _MAX_LENGTH:
        return None
    try:
        return text if re.fullmatch(pattern, text, flags) else None
    except (re.error, RecursionError):
        return None


def _build(items, groups: dict[int, str]) -> str:
    return "".join(_item(op, value, groups) for op, value in items)


def _item(op, value, groups: dict[int, str]) -> str:
    name = _name(op)
    if name == "LITERAL":
        return chr(value)
    if name == "NOT_LITERAL":
        return next(c for c in _CANDIDATES if ord(c) != value)
    if name == "ANY":
        return "a"
    if name == "IN":
        return _in(value)
    if name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
        low, high, sub = value
        count = low if low > 0 else min(1, high)
        if count > _MAX_LENGTH:
            raise _GiveUp
        return _build(sub, groups) * count
    if name == "SUBPATTERN":
        group, _add, _delete, sub = value
        text = _build(sub, groups)
        if group is not None:
            groups[group] = text
        return text
    if name == "ATOMIC_GROUP":
        return _build(value, groups)
    if name == "BRANCH":
        for alternative in value[1]:
            try:
                return _build(alternative, groups)
            except _GiveUp:
                continue
        raise _GiveUp
    if name == "GROUPREF":
        if value not in groups:
            raise _GiveUp
        return groups[value]
    if name == "AT":
        return ""
    if name == "CATEGORY":
        return _category(value)
    raise _GiveUp  # lookarounds, conditionals, ...


def _in(items) -> str:
    negated = bool(items) and _name(items[0][0]) == "NEGATE"
    if not negated:
        op, value = items[0]
        if _name(op) == "LITERAL":
            return chr(value)
        if _name(op) == "RANGE":
            return chr(value[0])
        if _name(op) == "CATEGORY":
            return _category(value)
        raise _GiveUp
    for candidate in _CANDIDATES:
        if not any(_in_item(op, value, candidate) for op, value in items[1:]):
            return candidate
    raise _GiveUp


def _in_item(op, value, char: str) -> bool:
    name = _name(op)
    if name == "LITERAL":
        return ord(char) == value
    if name == "RANGE":
        return value[0] <= ord(char) <= value[1]
    if name == "CATEGORY":
        return re.fullmatch(_CATEGORY_PATTERNS[_name(value)], char) is not None
    raise _GiveUp


_CATEGORY_PATTERNS = {
    "CATEGORY_DIGIT": r"\d", "CATEGORY_NOT_DIGIT": r"\D", "CATEGORY_SPACE": r"\s", "CATEGORY_NOT_SPACE": r"\S",
    "CATEGORY_WORD": r"\w", "CATEGORY_NOT_WORD": r"\W", "CATEGORY_LINEBREAK": "\n", "CATEGORY_NOT_LINEBREAK": "[^\n]",
}


def _category(value) -> str:
    sample = _CATEGORY_SAMPLES.get(_name(value))
    if sample is None:
        raise _GiveUp
    return sample


def _name(constant) -> str:
    """The name of one of the parser's opcode constants (``LITERAL``, ``CATEGORY_DIGIT``)."""
    return getattr(constant, "name", None) or str(constant)
