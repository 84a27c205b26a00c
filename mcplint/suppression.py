"""``# noqa`` comments: which diagnostics they silence and which silence nothing.

Forms (``noqa`` is case-insensitive, codes are matched exactly and upper-cased):

- ``# noqa`` — every code on that line;
- ``# noqa: MCP101`` / ``# noqa: MCP101, MCP102`` / ``# noqa:MCP101 E501`` — the listed codes
  on that line; codes of other tools (``E501``) are kept but play no part in mcplint;
  the codes are lexed as ruff lexes them (``crates/ruff_linter/src/noqa.rs``): upper-case
  letters then digits, separated by commas and/or whitespace, and the first word that is no
  code ends the list, so ``# noqa: E501, MCP101  legacy py3 API`` names two codes and keeps
  ``legacy py3 API`` as its reason (mcplint's own codes are also accepted in lower case);
- ``# mcplint: noqa`` — every code in the whole file, wherever the comment stands;
- ``# mcplint: noqa: MCP101`` — the listed codes in the whole file.

A line directive silences diagnostics whose *start* line is the comment's line (ruff's rule).
Comments are found with :mod:`tokenize`, so ``"# noqa"`` inside a string is ignored; if the
file does not tokenize, the lines the tokenizer could not reach are scanned as plain text.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from dataclasses import dataclass, field
from typing import Container, Iterable, Iterator

from mcplint.diagnostics import Position, Span

#: A code in mcplint's namespace: ``MCP`` and any digits, so that a mistyped code
#: (``MCP10``, ``MCP1011``) is judged by MCP001 as unknown instead of passing as another
#: tool's code and hiding nothing (ruff's ``external = ["MCP"]`` leaves all of them to us).
MCPLINT_CODE = re.compile(r"^MCP\d+$")
UNUSED_SUPPRESSION = "MCP001"

_FILE_DIRECTIVE = re.compile(r"#\s*mcplint\s*:\s*noqa\b", re.IGNORECASE)
_MAY_HOLD_NOQA = re.compile("noqa", re.IGNORECASE)
_LINE_DIRECTIVE = re.compile(r"#\s*noqa\b", re.IGNORECASE)
_COLON = re.compile(r"\s*:")
_SEPARATOR = re.compile(r"[\s,]*")
#: A code as ruff lexes it (upper-case letters, then digits), or one of mcplint's in any case.
_CODE = re.compile(r"[A-Z]+[0-9]+|[Mm][Cc][Pp][0-9]+")


@dataclass
class Directive:
    """One ``noqa`` comment.

    ``span`` covers the directive text inside the comment (``# noqa: MCP101``); ``codes`` are
    the mcplint codes it names, ``other_codes`` those of other tools, both in source order;
    both are empty for a blanket directive. ``removal_start`` is the 0-based column where
    removing the whole directive starts (the end of the text before it, trailing whitespace
    excluded). ``used`` collects the codes it has silenced.
    """

    line: int
    span: Span
    codes: tuple[str, ...]
    other_codes: tuple[str, ...]
    file_level: bool
    removal_start: int
    used: set[str] = field(default_factory=set)
    trailing: str = ""  # comment text after the directive (the `(legacy)` of `# noqa: E501 (legacy)`)
    listed: tuple[str, ...] = ()  # every code, mcplint's and other tools', in source order

    def codes_written(self) -> tuple[str, ...]:
        """Every code of the directive in source order (``codes`` and ``other_codes`` merged)."""
        return self.listed or (*self.codes, *self.other_codes)

    @property
    def blanket(self) -> bool:
        """True for ``# noqa`` / ``# mcplint: noqa`` without codes."""
        return not self.codes and not self.other_codes

    def covers(self, code: str) -> bool:
        """Whether this directive names ``code`` (or is blanket); records the use."""
        if self.blanket or code in self.codes:
            self.used.add(code)
            return True
        return False


@dataclass(frozen=True)
class UnusedSuppression:
    """Codes in one directive that silenced nothing (reported as MCP001).

    ``line`` is 1-based; ``span`` is the directive inside the comment (0-based columns).
    Replacing ``fix_span`` with ``replacement`` drops the unused codes; ``replacement`` is
    ``""`` when nothing of the directive is left, and ``fix_span`` then also takes the
    whitespace before it. ``file_level`` for a ``# mcplint: noqa: ...`` directive.
    """

    line: int
    span: Span
    codes: tuple[str, ...]
    fix_span: Span
    replacement: str
    file_level: bool = False


@dataclass
class Suppressions:
    """All ``noqa`` directives of one file, keyed for lookup by line.

    ``by_line`` maps a 1-based line to its directive; ``file_level`` holds every
    ``# mcplint: noqa`` directive of the file.
    """

    by_line: dict[int, Directive] = field(default_factory=dict)
    file_level: list[Directive] = field(default_factory=list)

    def is_suppressed(self, code: str, line: int) -> bool:
        """Whether a diagnostic ``code`` starting on 1-based ``line`` is silenced.

        A file-level directive takes precedence over the line's own, which then stays unused.
        """
        code = code.upper()
        if any(directive.covers(code) for directive in self.file_level):
            return True
        directive = self.by_line.get(line)
        return directive is not None and directive.covers(code)

    def unused(self, enabled: Container[str] | None = None) -> list[UnusedSuppression]:
        """Directives naming mcplint codes that silenced nothing, in line order.

        Blanket directives and other tools' codes are never reported, nor is ``MCP001``
        itself. When ``enabled`` is given, codes outside it are not reported either (a rule
        that did not run could not have been silenced).
        """
        directives = sorted([*self.by_line.values(), *self.file_level], key=lambda d: d.span)
        found = (_unused_in(directive, enabled) for directive in directives)
        return [item for item in found if item is not None]


def unknown_codes(suppressions: Suppressions, known: Container[str]) -> list[tuple[Directive, tuple[str, ...]]]:
    """Directives naming ``MCPnnn`` codes that are not in ``known``, with those codes, in line
    order. (Other tools' codes, ``E501``, are never unknown: they are not mcplint's.)"""
    directives = sorted([*suppressions.by_line.values(), *suppressions.file_level], key=lambda d: d.span)
    found = ((directive, tuple(code for code in directive.codes if code not in known)) for directive in directives)
    return [(directive, codes) for directive, codes in found if codes]


def parse_suppressions(text: str) -> Suppressions:
    """Find every ``noqa`` directive in ``text`` (a whole file's source); never raises."""
    suppressions = Suppressions()
    if not _MAY_HOLD_NOQA.search(text):
        return suppressions  # most files: no need to tokenize
    for line, column, comment, before in _comments(text):
        directive = _parse_comment(line, column, comment, before)
        if directive is None:
            continue
        if directive.file_level:
            suppressions.file_level.append(directive)
        else:
            suppressions.by_line.setdefault(line, directive)
    return suppressions


def _comments(text: str) -> Iterator[tuple[int, int, str, str]]:
    """Yield ``(line, column, comment text, text before it)`` for each comment."""
    lines = re.split(r"\r\n|\r|\n", text)  # line breaks as CPython and libcst count them
    reached = 0
    try:
        # newline=None: a lone \r ends a line too (StringIO's default splits at \n only).
        for token in tokenize.generate_tokens(io.StringIO(text, newline=None).readline):
            reached = token.end[0]
            if token.type == tokenize.COMMENT:
                line, column = token.start
                yield line, column, token.string, token.line[:column]
    except (tokenize.TokenError, SyntaxError, ValueError):
        yield from _scan_lines(lines, start=reached)


def _scan_lines(lines: list[str], start: int) -> Iterator[tuple[int, int, str, str]]:
    """Fallback for text that does not tokenize: the first ``#`` of each line past ``start``."""
    for index in range(start, len(lines)):
        column = lines[index].find("#")
        if column >= 0:
            yield index + 1, column, lines[index][column:], lines[index][:column]


def _parse_comment(line: int, column: int, comment: str, before: str) -> Directive | None:
    """The directive in one comment token, or None when it holds none. ``# noqa:`` followed
    by no code at all is a blanket directive, as before ruff (flake8 reads it so)."""
    file_level = True
    match = _FILE_DIRECTIVE.search(comment)
    if match is None:
        file_level = False
        match = _LINE_DIRECTIVE.search(comment)
    if match is None:
        return None
    end = match.end()
    names: list[str] = []
    colon = _COLON.match(comment, end)
    if colon is not None:
        names, codes_end = lex_codes(comment, colon.end())
        end = codes_end if names else end
    start = column + match.start()
    span = Span(Position(line, start), Position(line, column + end))
    prefix = before + comment[: match.start()]
    return Directive(
        line=line,
        span=span,
        codes=tuple(code for code in names if MCPLINT_CODE.match(code)),
        other_codes=tuple(code for code in names if not MCPLINT_CODE.match(code)),
        file_level=file_level,
        removal_start=len(prefix.rstrip()),
        trailing=comment[end:],
        listed=tuple(names),
    )


def lex_codes(text: str, start: int) -> tuple[list[str], int]:
    """The codes listed in ``text`` from ``start`` (just after a ``noqa:``), upper-cased, and
    where the list ends (the reason, if any, follows).

    As ruff's ``NoqaLexer``: codes are separated by commas and/or whitespace (``F401F402``,
    joined, is two codes), and the first word that is no code (``legacy``, ``py3``) ends the
    list. Where ruff rejects a code with a bad suffix (``F401abc``) the code is kept and the
    list ends there. Never raises.
    """
    codes: list[str] = []
    end = position = start
    while True:
        found = _CODE.match(text, _SEPARATOR.match(text, position).end())
        if found is None:
            return codes, end
        codes.append(found.group().upper())
        end = position = found.end()
        following = text[position:position + 1]
        if following and not (following.isspace() or following in ",#" or "A" <= following <= "Z"):
            return codes, end


def _unused_in(directive: Directive, enabled: Container[str] | None) -> UnusedSuppression | None:
    """The unused part of one directive, or None when every reportable code was used."""
    unused = tuple(
        code
        for code in directive.codes
        if code not in directive.used
        and code != UNUSED_SUPPRESSION
        and (enabled is None or code in enabled)
    )
    if not unused:
        return None
    kept = [code for code in directive.codes_written() if code not in unused]
    line, span = directive.line, directive.span
    if kept:
        head = "# mcplint: noqa: " if directive.file_level else "# noqa: "
        return UnusedSuppression(line, span, unused, span, head + ", ".join(kept), directive.file_level)
    # The rest of the comment stays a comment: removing only the directive would turn
    # `# noqa: E501 (legacy)` into the code `(legacy)`.
    removal = Span(Position(line, directive.removal_start), Position(line, span.end.column + len(directive.trailing)))
    rest = directive.trailing.strip().lstrip("#").strip()
    return UnusedSuppression(line, span, unused, removal, f"  # {rest}" if rest else "", directive.file_level)


def noqa_lines(text: str) -> dict[int, int]:
    """Lines where no comment can go, mapped to the line whose ``# noqa`` covers them.

    A line ending inside a multi-line token (a triple-quoted string or f-string) maps to the
    token's last line, as in ruff; a line continued with a backslash maps to the line the
    statement continues on. Every other line covers itself and is absent. Never raises: for
    text that does not tokenize the map holds what was read before the error.
    """
    targets: dict[int, int] = {}
    try:
        for token in tokenize.generate_tokens(io.StringIO(text, newline=None).readline):
            for line in range(token.start[0], token.end[0]):
                targets[line] = max(targets.get(line, 0), token.end[0])
    except (tokenize.TokenError, SyntaxError, ValueError):
        pass
    lines = re.split(r"\r\n|\r|\n", text)  # as the tokenizer counts lines (not \f or \u2028)
    for number in range(len(lines), 0, -1):
        if number not in targets and lines[number - 1].rstrip().endswith("\\") and number < len(lines):
            targets[number] = targets.get(number + 1, number + 1)
    return targets


def noqa_targets(text: str, tree: ast.Module, wanted: Iterable[int]) -> dict[int, int]:
    """:func:`noqa_lines` for the lines ``wanted`` only, from CPython's ``ast`` parse of
    ``text``: only string literals that span one of those lines are tokenized (tokenizing
    the whole file cost about a tenth of linting it).

    The same answers as :func:`noqa_lines` for text that parses (tests/test_suppression.py
    compares them on every line of every fixture).
    """
    lines = _LINE_BREAK.split(text)
    strings = _MultiLineStrings(tree)
    found: dict[int, int] = {}
    for line in sorted(set(wanted), reverse=True):
        target = _target_line(strings, lines, line)
        if target is not None:
            found[line] = target
    return found


class _MultiLineStrings:
    """The string literals of a tree that span lines, found in one walk on first use (asking
    the tree from its root for each line was quadratic in a long ``elif`` chain)."""

    def __init__(self, tree: ast.Module) -> None:
        self._tree = tree
        self._spans: list[tuple[int, int, ast.expr]] | None = None

    def around(self, line: int) -> ast.expr | None:
        """The outermost string literal with ``start <= line < end``, or None."""
        if self._spans is None:
            self._spans = sorted(
                ((node.lineno, -node.end_lineno, id(node), node) for node in _multi_line_nodes(self._tree)
                 if (isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes))))
                 and getattr(node, "end_lineno", None) is not None and node.end_lineno > node.lineno),
                key=lambda item: item[:3])
            self._spans = [(start, -negative_end, node) for start, negative_end, _, node in self._spans]
        return next((node for start, end, node in self._spans if start <= line < end), None)


def _multi_line_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """The nodes of ``tree`` that may span lines: ``ast.walk`` without entering a node that
    lies on one line (nothing below it can span lines). Why: the whole walk cost a few percent
    of a cold run, and most of a module's nodes sit inside one-line statements."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        end = getattr(node, "end_lineno", None)
        if end is None or end != getattr(node, "lineno", None):
            stack.extend(ast.iter_child_nodes(node))


_LINE_BREAK = re.compile(r"\r\n|\r|\n")  # as the tokenizer counts lines (not \f or \u2028)


def _target_line(strings: _MultiLineStrings, lines: list[str], line: int) -> int | None:
    """Where the ``# noqa`` of ``line`` goes when not on ``line`` itself: the end of the
    multi-line string token it lies in, else (a backslash continuation) the next line's."""
    string = strings.around(line)
    if string is not None:
        end = _token_end_in(lines, string, line)
        if end is not None:
            return end
    if line < len(lines) and lines[line - 1].rstrip().endswith("\\"):
        return _target_line(strings, lines, line + 1) or line + 1
    return None


def _token_end_in(lines: list[str], node: ast.expr, line: int) -> int | None:
    """Tokenize the source of the string literal ``node`` (implicitly concatenated parts
    are separate tokens) and give the end line of the token spanning ``line``, if any."""
    first = lines[node.lineno - 1].encode("utf-8")[node.col_offset:].decode("utf-8", "replace")
    last = lines[node.end_lineno - 1].encode("utf-8")[:node.end_col_offset].decode("utf-8", "replace")
    middle = lines[node.lineno:node.end_lineno - 1]
    source = "(" + "\n".join([first, *middle, last]) + ")"  # parenthesised: no indentation tokens
    best = None
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            start, end = token.start[0] + node.lineno - 1, token.end[0] + node.lineno - 1
            if start <= line < end:
                best = max(best or 0, end)
    except (tokenize.TokenError, SyntaxError, ValueError):
        return None
    return best
