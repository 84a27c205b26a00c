"""File globs as ruff matches ``per-file-ignores`` patterns: the syntax and defaults of Rust's
``globset`` crate, which ruff uses (``crates/ruff_linter/src/settings/types.rs``,
``CompiledPerFileList``).

Why not :mod:`pathspec` (already a dependency, used for ``exclude``): it implements
gitignore's rules, where ``*`` stops at ``/`` and a pattern naming a folder covers the files
under it; ruff's ``per-file-ignores`` follow globset, where ``legacy/*.py`` also covers
``legacy/sub/x.py`` and ``legacy`` covers no file. Neither :mod:`fnmatch` (no ``**``, no
``{a,b}``) nor ``glob.translate`` (Python 3.13+, ``*`` stops at ``/``) has those semantics.

globset's syntax with its default options (``literal_separator`` off, ``backslash_escape``
on, case-sensitive): ``?`` is one character and ``*`` any run of characters, ``/``
included; ``**`` as a whole path component is any number of components (``**/x`` matches
``x`` too, ``a/**`` everything under ``a``); ``[ab]``, ``[a-z]``, ``[!ab]`` and ``[^ab]``
are character classes; ``{a,b}`` alternatives; ``\\x`` the character ``x``. The whole text
must match. Settings refuse a glob globset refuses (:func:`glob_error`), as ruff does; the
matcher itself takes an unclosed class or alternative literally.
"""

from __future__ import annotations

import posixpath
import re
from functools import lru_cache

__all__ = ["anchored", "escape", "glob_error", "glob_regex", "per_file_pattern_applies"]

_SPECIAL = "?*[]{}\\"


def escape(text: str) -> str:
    """``text`` with every glob metacharacter made literal (``globset::escape``), for a path
    that a pattern is joined to."""
    return "".join(f"[{char}]" if char in _SPECIAL else char for char in text)


def glob_error(pattern: str) -> str | None:
    """Why globset refuses ``pattern`` (``error parsing glob '[a': unclosed character class;
    missing ']'``, the text ruff prints for a bad ``exclude`` or ``per-file-ignores`` glob),
    or None when it is a valid glob. Checked: an unclosed ``[...]``, a class range written
    backwards (``[z-a]``), an unclosed or unopened ``{...}``, a trailing ``\\``."""
    depth, index = 0, 0
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            if index + 1 == len(pattern):
                return _parse_error(pattern, "dangling '\\'")
            index += 2
            continue
        if char == "[":
            end = _class_end(pattern, index)
            if end is None:
                return _parse_error(pattern, "unclosed character class; missing ']'")
            backwards = _backwards_range(pattern[index + 1:end])
            if backwards:
                return _parse_error(pattern, f"invalid range; '{backwards[0]}' > '{backwards[1]}'")
            index = end + 1
            continue
        if char == "{":
            depth += 1
        elif char == "}":
            if depth == 0:
                return _parse_error(pattern, "unopened alternate group; missing '{' (maybe escape '}' with '[}]'?)")
            depth -= 1
        index += 1
    if depth:
        return _parse_error(pattern, "unclosed alternate group; missing '}' (maybe escape '{' with '[{]'?)")
    return None


def _parse_error(pattern: str, reason: str) -> str:
    return f"error parsing glob '{pattern}': {reason}"


def _class_end(pattern: str, index: int) -> int | None:
    """The index of the ``]`` closing the class that opens at ``index``, or None."""
    position = index + 1
    if position < len(pattern) and pattern[position] in "!^":
        position += 1
    if position < len(pattern) and pattern[position] == "]":
        position += 1  # `[]a]`: a leading `]` is a member
    while position < len(pattern) and pattern[position] != "]":
        position += 1
    return position if position < len(pattern) else None


def _backwards_range(members: str) -> tuple[str, str] | None:
    """The first ``a-b`` range in a class's members whose start is after its end."""
    members = members[1:] if members[:1] in ("!", "^") else members
    for position in range(1, len(members) - 1):
        if members[position] == "-" and members[position - 1] > members[position + 1]:
            return members[position - 1], members[position + 1]
    return None


@lru_cache(maxsize=1024)
def glob_regex(pattern: str) -> re.Pattern[str]:
    """The compiled regular expression of ``pattern`` (see the module docstring); a class or
    alternative left open is taken literally, as a character of the pattern. Never raises."""
    return re.compile(_translate(pattern, 0, closing=None)[0], re.DOTALL)


def per_file_pattern_applies(pattern: str, path: str, root: str) -> bool:
    """Whether a ``per-file-ignores`` ``pattern`` covers the file at ``path`` (absolute,
    POSIX separators), with relative patterns taken from the folder ``root`` (absolute), as
    ruff decides it: the pattern matches the file's name (``test_*.py`` covers such a file in
    any folder) or, joined to ``root`` and normalised (``./`` and ``..`` resolved), its whole
    path; a leading ``!`` negates it (the pattern covers every file it does not match)."""
    negated = pattern.startswith("!")
    body = pattern[1:] if negated else pattern
    name = path.rsplit("/", 1)[-1]
    absolute = posixpath.normpath(body if body.startswith("/") else escape(root) + "/" + body)
    matched = glob_regex(body).fullmatch(name) is not None or glob_regex(absolute).fullmatch(path) is not None
    return matched != negated


def anchored(pattern: str, folder: str) -> str:
    """``pattern`` made absolute from ``folder`` when it names a path (holds a ``/``), its
    ``!`` kept: how a ``--per-file-ignores`` pattern, relative to the working directory in
    ruff, keeps its meaning in settings whose other patterns are relative to the project
    root. A bare name (``test_*.py``) is left as it is: it matches file names anywhere."""
    negated = pattern.startswith("!")
    body = pattern[1:] if negated else pattern
    if "/" not in body or body.startswith("/"):
        return pattern
    return ("!" if negated else "") + posixpath.normpath(escape(folder) + "/" + body)


def _translate(pattern: str, index: int, closing: str | None) -> tuple[str, int]:
    """The regex of ``pattern[index:]`` up to the end, or (inside ``{...}``) up to an
    unnested ``,`` or ``}`` in ``closing``; returns it and the index where it stopped."""
    out: list[str] = []
    while index < len(pattern):
        char = pattern[index]
        if closing is not None and char in closing:
            return "".join(out), index
        if char == "*" and pattern.startswith("**", index):
            regex, index = _double_star(pattern, index)
            out.append(regex)
            continue
        if char == "*":
            out.append(".*")
        elif char == "?":
            out.append(".")
        elif char == "[":
            regex, index = _class(pattern, index)
            out.append(regex)
            continue
        elif char == "{":
            regex, index = _alternatives(pattern, index)
            out.append(regex)
            continue
        elif char == "\\" and index + 1 < len(pattern):
            index += 1
            out.append(re.escape(pattern[index]))
        else:
            out.append(re.escape(char))
        index += 1
    return "".join(out), index


def _double_star(pattern: str, index: int) -> tuple[str, int]:
    """``**`` at ``index``: any number of whole components when it is a component of its
    own, else (``a**b``) the same as ``*``."""
    end = index + 2
    starts_component = index == 0 or pattern[index - 1] == "/"
    ends_component = end == len(pattern) or pattern[end] == "/"
    if not (starts_component and ends_component):
        return ".*", end
    if end == len(pattern):
        return ".*", end  # `a/**`: everything under a/ (the `/` is already written)
    return "(?:.*/)?", end + 1  # `**/x`, `a/**/x`: x at any depth, also directly


def _class(pattern: str, index: int) -> tuple[str, int]:
    """``[...]`` at ``index`` as a regex class; an unclosed ``[`` is a literal ``[``."""
    position = index + 1
    negated = position < len(pattern) and pattern[position] in "!^"
    position += negated
    start = position
    if position < len(pattern) and pattern[position] == "]":
        position += 1  # `[]a]`: a leading `]` is a member
    while position < len(pattern) and pattern[position] != "]":
        position += 1
    if position >= len(pattern):
        return re.escape("["), index + 1
    members = pattern[start:position].replace("\\", "\\\\").replace("]", "\\]").replace("[", "\\[")
    members = members.replace("^", "\\^")
    return f"[{'^' if negated else ''}{members}]", position + 1


def _alternatives(pattern: str, index: int) -> tuple[str, int]:
    """``{a,b}`` at ``index`` as ``(?:a|b)``; an unclosed ``{`` is a literal ``{``."""
    choices = []
    position = index + 1
    while position < len(pattern):
        regex, position = _translate(pattern, position, closing=",}")
        choices.append(regex)
        if position >= len(pattern):
            break
        if pattern[position] == "}":
            return "(?:" + "|".join(choices) + ")", position + 1
        position += 1  # past the `,`
    return re.escape("{"), index + 1
