"""Re-parse only the top-level statements an edit touched (for the language server).

libcst has no incremental parser, and a full ``parse_module`` is the largest single cost of
linting a buffer on every keystroke (``benchmarks/lsp_latency.py``). But Python's grammar
is context-free at top-level statement boundaries: where a complete statement ends with a
line break outside brackets and strings, the tokenizer's state is the same as at the start
of a file. So when an edit stays within top-level statements ``k..m`` of the previous text,
the new text of just those statements is parsed as a module of its own and spliced between
the untouched statement nodes of the previous tree.

Each splice is checked, and any doubt means a full parse: the edited region must start
after the module's leading comments, the piece must parse on its own, end on a line break
(unless it runs to the end of the file) and agree with the module's indentation and line
endings, and the statements of the result must match CPython's ``ast`` parse of the whole
new text one for one (count and first lines), which the engine computes anyway. Blank and
comment lines that start with whitespace may belong to the footer of the block above them
(libcst's rule), so a piece next to such lines takes in the neighbouring statement; and a
parse that does not give back its text exactly (libcst drops a line that is only a
backslash) is never reused.
"""

from __future__ import annotations

import ast
import threading
from dataclasses import dataclass

import libcst as cst

from mcplint.model.module_info import walk
from mcplint.positions import NEWLINE, ast_statement_count, first_line, line_offsets


@dataclass
class _Parsed:
    text: str
    module: cst.Module
    starts: list[int]  # character offset where each top-level statement (with its leading lines) begins


class IncrementalParser:
    """Parses successive versions of one document, reusing the unchanged top-level
    statements of the previous version. Thread-safe (one parse at a time).

    :meth:`parse` raises what ``libcst.parse_module`` raises for text that does not parse.
    ``reparsed`` counts the characters parsed by the last call (for tests and benchmarks).
    """

    def __init__(self) -> None:
        self._previous: _Parsed | None = None
        self._lock = threading.Lock()
        self.reparsed = 0

    def parse(self, text: str, tree: ast.Module) -> cst.Module:
        """The libcst module of ``text``; ``tree`` is CPython's ``ast`` parse of the same text."""
        with self._lock:
            module = self._splice(text, tree) if self._previous is not None else None
            full = module is None
            if full:
                module = cst.parse_module(text)
                self.reparsed = len(text)
            starts = statement_starts(module, tree, text)
            if starts is not None and full and module.code != text:
                starts = None  # libcst lost text (a line that is only a backslash): offsets would mislead
            self._previous = _Parsed(text, module, starts) if starts is not None else None
            return module

    def _splice(self, text: str, tree: ast.Module) -> cst.Module | None:
        previous = self._previous
        old, body, starts = previous.text, previous.module.body, previous.starts
        if not body or text == old:
            return previous.module if text == old else None
        prefix = _common_prefix(old, text)
        suffix = _common_suffix(old, text, limit=min(len(old), len(text)) - prefix)
        changed_end = len(old) - suffix
        if prefix < starts[0]:
            return None  # the module's leading comments, or before them
        first = max(i for i, start in enumerate(starts) if start <= prefix)
        if first > 0 and not isinstance(body[first - 1], cst.SimpleStatementLine) \
                and _indented_leading_line(text, starts[first]):
            first -= 1  # libcst gives such lines to the footer of the block above, if it can
        last = max([i for i, start in enumerate(starts) if start < changed_end] + [first])
        delta = len(text) - len(old)
        if last + 1 < len(body) and _indented_leading_line(text, starts[last + 1] + delta):
            last += 1  # those lines may join the footer of an edited statement that now ends in a block
        piece_start = starts[first]
        to_end = last == len(body) - 1
        if not _replaced_text_matches(previous, first, last):
            return None
        piece_end = len(text) if to_end else starts[last + 1] + delta
        piece = text[piece_start:piece_end]
        if not to_end and not piece.endswith(("\n", "\r")):
            return None
        try:
            parsed = cst.parse_module(piece)
        except Exception:  # noqa: BLE001 - a full parse reports it properly
            return None
        if parsed.code != piece:
            return None  # libcst dropped something (a line that is only a backslash): not its full parse
        if not _compatible(parsed, previous.module, to_end):
            return None
        if not any(_opens_block(statement) for statement in body[:first]) and (
                parsed.default_indent != previous.module.default_indent or not any(map(_opens_block, parsed.body))):
            return None  # the file's first indented block, which sets libcst's default_indent, changed
        statements = list(parsed.body)
        if parsed.header and first == 0:
            return None  # at the top of the file libcst makes such lines the module's header
        if parsed.header:  # after a statement, leading comments belong to the piece's first statement
            statements[0] = statements[0].with_changes(leading_lines=[*parsed.header, *statements[0].leading_lines])
        changes = {"body": [*body[:first], *statements, *body[last + 1:]]}
        if to_end:
            changes.update(footer=parsed.footer, has_trailing_newline=parsed.has_trailing_newline)
        module = previous.module.with_changes(**changes)
        if not _matches_ast(module, tree, len(body[:first]), statements):
            return None
        self.reparsed = len(piece)
        return module


def _replaced_text_matches(previous: _Parsed, first: int, last: int) -> bool:
    """Whether statements ``first..last`` of the previous module generate exactly the text
    between the offsets recorded for them (``ast`` line numbers can mislead, e.g. after a
    line that is only a backslash continuation)."""
    module, starts = previous.module, previous.starts
    end = starts[last + 1] if last + 1 < len(starts) else len(previous.text) - len(_footer_code(module))
    code = "".join(module.code_for_node(statement) for statement in module.body[first:last + 1])
    if last == len(module.body) - 1 and not module.has_trailing_newline:
        code = code.removesuffix(module.default_newline)
    return previous.text[starts[first]:end] == code


def _indented_leading_line(text: str, start: int) -> bool:
    """Whether a blank or comment line starting with whitespace comes before the first
    line of code from offset ``start``: libcst puts such lines (and the blank lines before
    them) in the footer of the indented block that ends above, not before the statement."""
    while start < len(text):
        match = NEWLINE.search(text, start)
        end = match.start() if match else len(text)
        line, start = text[start:end], (match.end() if match else end)
        stripped = line.lstrip(" \t\f")
        if stripped and not stripped.startswith("#"):
            return False  # the statement's first line
        if stripped != line:
            return True
    return False


def _footer_code(module: cst.Module) -> str:
    return "".join(cst.Module([]).code_for_node(line) for line in module.footer)


def statement_starts(module: cst.Module, tree: ast.Module, text: str) -> list[int] | None:
    """Character offset of each top-level statement of ``module`` (its leading blank and
    comment lines included), from ``tree``'s line numbers; None when they do not pair."""
    offsets = line_offsets(text)
    starts: list[int] = []
    position = 0
    for statement in module.body:
        if position >= len(tree.body):
            return None
        line = first_line(statement, tree.body[position])
        if not 1 <= line <= len(offsets):
            return None
        starts.append(offsets[line - 1])
        position += ast_statement_count(statement)
    return starts if position == len(tree.body) else None


def _compatible(piece: cst.Module, module: cst.Module, to_end: bool) -> bool:
    """Whether the piece's statements mean the same spliced into ``module``."""
    if not piece.body or (piece.footer and not to_end):
        return False  # trailing comments would be the next statement's leading lines
    if piece.default_newline != module.default_newline:
        return False
    return piece.default_indent == module.default_indent or not _has_default_indented_block(piece)


def _opens_block(statement: cst.CSTNode) -> bool:
    return isinstance(getattr(statement, "body", None), cst.IndentedBlock)


def _has_default_indented_block(module: cst.Module) -> bool:
    # A match statement's ``indent`` (that of its cases) is relative to the default too.
    return any(isinstance(node, (cst.IndentedBlock, cst.Match)) and node.indent is None for node in walk(module))


def _matches_ast(module: cst.Module, tree: ast.Module, before: int, statements: list) -> bool:
    """The spliced module has as many top-level statements as CPython's parse of the whole
    text, and each new compound statement is of the kind CPython has at its place."""
    counts = [ast_statement_count(statement) for statement in module.body]
    if sum(counts) != len(tree.body):
        return False
    position = sum(counts[:before])
    for statement in statements:
        if not _same_kind(statement, tree.body[position]):
            return False
        position += ast_statement_count(statement)
    return True


_KINDS = {
    cst.SimpleStatementLine: (ast.stmt,),
    cst.FunctionDef: (ast.FunctionDef, ast.AsyncFunctionDef), cst.ClassDef: (ast.ClassDef,),
    cst.If: (ast.If,), cst.For: (ast.For, ast.AsyncFor), cst.While: (ast.While,),
    cst.With: (ast.With, ast.AsyncWith), cst.Try: (ast.Try,), cst.Match: (ast.Match,),
}


def _same_kind(statement: cst.CSTNode, node: ast.AST) -> bool:
    expected = _KINDS.get(type(statement))
    return expected is None or isinstance(node, expected)


def _common_prefix(a: str, b: str) -> int:
    low, high = 0, min(len(a), len(b))
    while low < high:  # binary search on slice equality: C-speed comparisons
        middle = (low + high + 1) // 2
        if a[:middle] == b[:middle]:
            low = middle
        else:
            high = middle - 1
    return low


def _common_suffix(a: str, b: str, limit: int) -> int:
    low, high = 0, max(limit, 0)
    while low < high:
        middle = (low + high + 1) // 2
        if a[len(a) - middle:] == b[len(b) - middle:]:
            low = middle
        else:
            high = middle - 1
    return low
