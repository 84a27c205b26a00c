"""Re-parse only the statements an edit touched (for the language server).

libcst has no incremental parser, and a full ``parse_module`` is the largest single cost of
linting a buffer on every keystroke (``benchmarks/lsp_latency.py``). But Python's grammar
is context-free at statement boundaries: where a complete statement ends with a line break
outside brackets and strings, the tokenizer's state is that of the start of a line inside
the enclosing blocks. So when an edit stays within sibling statements ``k..m`` of one block,
the new text of just those statements is parsed and spliced between the untouched siblings
of the previous tree, and the blocks and statements around them are rebuilt with
``with_changes``.

The splice is tried at the innermost indented block holding the edit (a function's body, an
``elif`` or ``except`` branch, a ``case`` body, ...), then one block further out each time a
check fails, then among the module's top-level statements, and finally a full parse.

*Nested blocks.* The piece is parsed verbatim (not dedented: libcst stores the indentation
of comment and continuation lines relative to the block's, and strings as they are) after a
synthetic prefix that recreates its context: ``if 1:`` + the module's ``default_indent`` +
``pass`` (libcst takes ``default_indent`` from the first indented block), then one ``if 1:``
header at each enclosing indentation. The splice is kept only when the statements it
replaces generate exactly the previous text at the offsets ``ast`` gave for them, and the
edit lies within that text; the wrapper parses to its ``if`` chain alone, with no footer
above the piece's block, and the piece's statements generate exactly the piece; the
piece's block has the old block's indentation; and each block on the path has as many
statements as CPython's ``ast`` parse of the whole new text (which the engine computes
anyway), of the same kinds. Only the replaced statements and the piece are generated.

*Top level.* The piece is parsed as a module of its own; it must start after the module's
leading comments, end on a line break (unless it runs to the end of the file) and agree
with the module's indentation and line endings, and the statements of the result must
match the ``ast`` parse one for one (count and kinds).

*Lines at block ends.* libcst gives the blank and comment lines below a block's last
statement to that block's ``footer``, up to the last of them indented at least as deep as
the block; the rest lead the next statement (inner blocks take their share first). So a
piece whose leading lines, or whose next sibling's leading lines, hold a line indented
deeper than the piece's own statements takes in that neighbour (the line may belong to its
inner block); a piece that ends its block takes in the block's footer, and the footer the
wrapper's block gets is the new one (lines after a block's footer are never indented as
deep as the block, so nothing below can join it); a piece that does not end its block
must leave no such lines. A line typed right below a block and indented into it starts the
search in that block. Line breaks must not run across the piece's ends (a CR before it and
an LF in it are one CRLF), and a piece must not end with a backslash continuation. A parse
that does not give back its text exactly (libcst drops a line that is only a backslash) is
never reused.
"""

from __future__ import annotations

import ast
import threading
from bisect import bisect_left, bisect_right
from dataclasses import dataclass

import libcst as cst
from libcst._nodes.internal import CodegenState

from mcplint.model.module_info import walk
from mcplint.parsing import parse_module
from mcplint.positions import NEWLINE, ast_statement_count, first_line, line_offsets

#: A way from a compound statement down to one of its indented blocks: (attribute, index in
#: it or None) steps, for the libcst node and for its ``ast`` counterpart.
_Path = tuple[tuple[str, int | None], ...]


@dataclass
class _Parsed:
    text: str
    module: cst.Module
    tree: ast.Module  # CPython's parse of text, for the line numbers of nested statements
    offsets: list[int]  # line_offsets(text)
    starts: list[int]  # character offset where each top-level statement (with its leading lines) begins


@dataclass
class _Level:
    """A block on the way from the module down to an edit, in the previous version."""

    statements: list  # its libcst statements
    ast_statements: list  # CPython's statements of the same block
    starts: list[int]  # offset of each statement (with its leading lines) in the previous text
    indents: tuple[str, ...]  # relative indentation of each enclosing level, outermost first
    block: cst.IndentedBlock | None = None  # None for the module
    index: int = -1  # which statement of the level above holds this block
    cst_path: _Path = ()  # from that statement to ``block``
    ast_path: _Path = ()  # from its ast statement to ``ast_statements``

    @property
    def indent(self) -> str:
        """The absolute indentation of the block's statements."""
        return "".join(self.indents)


@dataclass
class _Edit:
    """Where the previous text changed: ``old[start:old_end]`` became ``new[start:old_end + delta]``."""

    start: int
    old_end: int
    delta: int


class IncrementalParser:
    """Parses successive versions of one document, reusing the unchanged statements of the
    previous version. Thread-safe (one parse at a time).

    :meth:`parse` raises what ``libcst.parse_module`` raises for text that does not parse.
    ``reparsed`` counts the characters parsed by the last call (for tests and benchmarks).
    """

    def __init__(self) -> None:
        self._previous: _Parsed | None = None
        self._lock = threading.Lock()
        self.reparsed = 0

    def parse(self, text: str, tree: ast.Module, config: cst.PartialParserConfig | None = None) -> cst.Module:
        """The libcst module of ``text``; ``tree`` is CPython's ``ast`` parse of the same text
        (or of its view, :func:`mcplint.syntax.check_source`: the same lines and statements),
        ``config`` libcst's parser configuration for a full parse."""
        with self._lock:
            spliced = self._splice(text, tree) if self._previous is not None else None
            full = spliced is None
            if full:
                module = parse_module(text, config)
                self.reparsed = len(text)
            else:
                module, self.reparsed = spliced
            offsets = line_offsets(text)
            starts = _block_starts(module.body, tree.body, offsets)
            if starts is not None and full and module.code != text:
                starts = None  # libcst lost text (a line that is only a backslash): offsets would mislead
            self._previous = _Parsed(text, module, tree, offsets, starts) if starts is not None else None
            return module

    def _splice(self, text: str, tree: ast.Module) -> tuple[cst.Module, int] | None:
        """The module of ``text`` built from the previous one, and the characters parsed;
        None when no splice passes its checks."""
        previous = self._previous
        old = previous.text
        if text == old:
            return previous.module, 0
        if not previous.module.body:
            return None
        prefix = _common_prefix(old, text)
        suffix = _common_suffix(old, text, limit=min(len(old), len(text)) - prefix)
        edit = _Edit(prefix, len(old) - suffix, len(text) - len(old))
        levels = _levels(previous, text, edit)
        for depth in range(len(levels), 1, -1):  # the innermost block first, then outward
            spliced = _splice_nested(previous, levels[:depth], text, tree, edit)
            if spliced is not None:
                return spliced
        return _splice_top(previous, text, tree, edit)


# -- where the edit is ---------------------------------------------------------------------

def _levels(previous: _Parsed, text: str, edit: _Edit) -> list[_Level]:
    """The module's level, then each indented block down to the innermost one whose
    statements (and footer) seem to hold the whole edit (by ``ast`` line numbers: the
    splice verifies)."""
    level = _Level(list(previous.module.body), previous.tree.body, previous.starts, ())
    levels = [level]
    while True:
        index = bisect_right(level.starts, edit.start) - 1
        if index > 0 and level.starts[index] == edit.start and _deeper_line(text, edit.start, level.indent):
            index -= 1  # a line typed below a block, indented into it: the block's end grows
        if index < 0 or bisect_left(level.starts, edit.old_end) - 1 > index:
            return levels  # before the first statement, or across siblings
        statement = level.statements[index]
        node = _ast_at(level.statements, level.ast_statements, index)
        if isinstance(statement, cst.SimpleStatementLine) or node is None or not _same_kind(statement, node):
            return levels
        inner = _inner_level(previous, level, index, node, edit.start)
        if inner is None:
            return levels
        levels.append(inner)
        level = inner


def _inner_level(previous: _Parsed, level: _Level, index: int, node: ast.stmt, offset: int) -> _Level | None:
    """The last indented block of statement ``index`` of ``level`` whose statements start at
    or before ``offset``, or None."""
    statement = level.statements[index]
    default_indent = previous.module.default_indent
    chosen = None
    for suite in _suites(statement, node, level.indents, default_indent):
        block, ast_statements = suite[0], suite[1]
        line = first_line(block.body[0], ast_statements[0])
        if not 1 <= line <= len(previous.offsets) or previous.offsets[line - 1] > offset:
            break  # suites come in text order
        chosen = suite
    if chosen is None:
        return None
    block, ast_statements, cst_path, ast_path, indents = chosen
    starts = _block_starts(block.body, ast_statements, previous.offsets)
    if starts is None:
        return None
    return _Level(list(block.body), ast_statements, starts, indents, block, index, cst_path, ast_path)


_BODY: _Path = (("body", None),)


def _suites(statement: cst.CSTNode, node: ast.stmt, indents: tuple[str, ...], default_indent: str):
    """The indented blocks of a compound statement in text order, each as (block, its ast
    statements, libcst path, ast path, the indentation of each level down to it)."""
    def block(suite, ast_statements, cst_path, ast_path, extra=()):
        if isinstance(suite, cst.IndentedBlock) and suite.body and isinstance(ast_statements, list) and ast_statements:
            indent = suite.indent if suite.indent is not None else default_indent
            yield suite, ast_statements, cst_path, ast_path, (*indents, *extra, indent)

    if isinstance(statement, cst.Match):
        # A match's ``indent`` is that of its cases, which get no block of their own.
        cases_indent = statement.indent if statement.indent is not None else default_indent
        for number, (case, ast_case) in enumerate(zip(statement.cases, node.cases)):
            path = (("cases", number), *_BODY)
            yield from block(case.body, ast_case.body, path, path, (cases_indent,))
        return
    yield from block(statement.body, node.body, _BODY, _BODY)
    if isinstance(statement, (cst.Try, cst.TryStar)):
        for number, (handler, ast_handler) in enumerate(zip(statement.handlers, node.handlers)):
            path = (("handlers", number), *_BODY)
            yield from block(handler.body, ast_handler.body, path, path)
    cst_at: _Path = ()
    ast_at: _Path = ()
    while isinstance(statement, cst.If) and isinstance(statement.orelse, cst.If):
        if len(node.orelse) != 1 or not isinstance(node.orelse[0], ast.If):
            return
        # ast nests an elif as the only statement of its If's orelse.
        cst_at, ast_at = (*cst_at, ("orelse", None)), (*ast_at, ("orelse", 0))
        statement, node = statement.orelse, node.orelse[0]
        yield from block(statement.body, node.body, (*cst_at, *_BODY), (*ast_at, *_BODY))
    orelse = getattr(statement, "orelse", None)
    if isinstance(orelse, cst.Else):
        yield from block(orelse.body, node.orelse, (*cst_at, ("orelse", None), *_BODY), (*ast_at, ("orelse", None)))
    finalbody = getattr(statement, "finalbody", None)
    if finalbody is not None:
        yield from block(finalbody.body, node.finalbody, (("finalbody", None), *_BODY), (("finalbody", None),))


def _touched(level: _Level, text: str, edit: _Edit) -> tuple[int, int]:
    """The first and last statements of ``level`` to parse again (``edit.start`` must not
    come before the first statement), with a neighbour whose inner block may own the
    blank and comment lines at the edges."""
    starts, statements, indent = level.starts, level.statements, level.indent
    first = bisect_right(starts, edit.start) - 1
    if first > 0 and not isinstance(statements[first - 1], cst.SimpleStatementLine) \
            and _deeper_leading_line(text, starts[first], indent):
        first -= 1  # libcst gives such lines to the footer of the block above, if it can
    last = max(bisect_left(starts, edit.old_end) - 1, first)
    if last + 1 < len(statements) and _deeper_leading_line(text, starts[last + 1] + edit.delta, indent):
        last += 1  # those lines may join the footer of an edited statement that now ends in a block
    return first, last


def _deeper_leading_line(text: str, start: int, indent: str) -> bool:
    """Whether a blank or comment line indented deeper than ``indent`` comes before the
    first line of code from offset ``start``: libcst puts such lines (and the lines before
    them) in the footer of an indented block that ends above, not before the statement."""
    while start < len(text):
        match = NEWLINE.search(text, start)
        end = match.start() if match else len(text)
        line, start = text[start:end], (match.end() if match else end)
        stripped = line.lstrip(" \t\f")
        if stripped and not stripped.startswith("#"):
            return False  # the statement's first line
        if _deeper_line(line, 0, indent):
            return True
    return False


def _deeper_line(text: str, start: int, indent: str) -> bool:
    """Whether the line at offset ``start`` is indented deeper than ``indent``."""
    return text.startswith(indent, start) and text[start + len(indent):start + len(indent) + 1] in (" ", "\t", "\f")


# -- a splice inside an indented block -----------------------------------------------------------

def _splice_nested(previous: _Parsed, levels: list[_Level], text: str, tree: ast.Module,
                   edit: _Edit) -> tuple[cst.Module, int] | None:
    """Re-parse the statements of ``levels[-1]``'s block that the edit touched and rebuild
    the module around them, or None when a check fails."""
    level, module = levels[-1], previous.module
    first, last = _touched(level, text, edit)
    ends_block = last == len(level.statements) - 1
    # The block's footer is parsed again with its last statement: an edited statement that
    # now ends in a block may take some of its lines, and typed lines may join it.
    old_footer = level.block.footer if ends_block else ()
    replaced = _generated([*level.statements[first:last + 1], *old_footer], level.indents, module)
    start = level.starts[first]
    end = start + len(replaced)
    if edit.old_end > end or not previous.text.startswith(replaced, start):
        return None  # the edit runs past these statements, or ast's lines mislead
    if not ends_block and level.starts[last + 1] != end:
        return None
    piece_end = end + edit.delta
    piece = text[start:piece_end]
    if not _starts_line(text, start) or not _ends_line(text, start, piece_end):
        return None
    if _has_trailing_newline(text) != module.has_trailing_newline:
        return None  # the piece ends the file, and changed how it ends: a module-level fact
    parsed = _parse_in_block(piece, level, module)
    if parsed is None:
        return None
    statements, footer = parsed
    if footer and not ends_block:
        return None  # those lines lead the next statement
    lists = _rebuilt_lists(levels, first, last, statements, footer if ends_block else level.block.footer)
    if not _path_matches_ast(lists, levels, tree, first, statements):
        return None
    return module.with_changes(body=lists[0]), len(piece)


def _generated(statements: list, indents: tuple[str, ...], module: cst.Module) -> str:
    """The code of ``statements`` at the indentation ``indents`` (absolute, as in the file)."""
    state = CodegenState(default_indent=module.default_indent, default_newline=module.default_newline,
                         indent_tokens=list(indents))
    for statement in statements:
        statement._codegen(state)
    return "".join(state.tokens)


def _has_trailing_newline(text: str) -> bool:
    """libcst's ``Module.has_trailing_newline`` for ``text`` (its ``Config`` rule)."""
    return text.endswith("\n") and not text.endswith(("\\\n", "\\\r\n"))


def _starts_line(text: str, start: int) -> bool:
    """Whether no line break runs across offset ``start``: a CR before it and an LF from it
    are one CRLF line break."""
    return not (text[start - 1:start] == "\r" and text[start:start + 1] == "\n")


def _ends_line(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is non-empty and ends with a whole line break that no
    backslash continues (the next statement must start a new logical line)."""
    if end <= start or text[end - 1] not in "\r\n":
        return False
    if text[end - 1] == "\r" and text[end:end + 1] == "\n":
        return False  # the break is "\r\n", split
    return not text[start:end].rstrip("\r\n").endswith("\\")


def _parse_in_block(piece: str, level: _Level, module: cst.Module) -> tuple[list, list] | None:
    """The statements ``piece`` parses to at ``level``'s place and the footer lines after
    them (blank and comment lines the block would own if it ended there), or None.

    The piece is parsed after ``if 1:`` headers at each enclosing indentation (see the
    module docstring), so continuation and comment lines keep their meaning."""
    newline, indents = module.default_newline, level.indents
    headers = "".join(f"{''.join(indents[:depth])}if 1:{newline}" for depth in range(len(indents)))
    wrapper = f"if 1:{newline}{module.default_indent}pass{newline}{headers}{piece}"
    try:
        parsed = parse_module(wrapper)
    except Exception:  # noqa: BLE001 - a full parse reports it properly
        return None
    if parsed.header or parsed.footer or len(parsed.body) != 2 or parsed.default_newline != newline \
            or parsed.default_indent != module.default_indent:
        return None
    block = _innermost_block(parsed.body[1], len(indents))
    if block is None or block.indent != level.block.indent:
        return None  # the piece's statements are not at the block's indentation
    if _generated([*block.body, *block.footer], indents, module) != piece:
        # libcst dropped something (a line that is only a backslash), or the header's
        # line break took in the piece's first character (a "\r" before a "\n").
        return None
    return list(block.body), list(block.footer)


def _innermost_block(node: cst.CSTNode, depth: int) -> cst.IndentedBlock | None:
    """The block at the bottom of ``depth`` nested ``if 1:`` wrappers, each above it holding
    only the next and no footer (lines less indented than the piece's block), or None."""
    block = None
    for remaining in range(depth, 0, -1):
        if not isinstance(node, cst.If) or node.orelse is not None or not isinstance(node.body, cst.IndentedBlock):
            return None
        block = node.body
        if remaining > 1:
            if len(block.body) != 1 or block.footer:
                return None
            node = block.body[0]
    return block


def _rebuilt_lists(levels: list[_Level], first: int, last: int, statements: list, footer: list) -> list[list]:
    """The new statements of each level: ``statements`` replace ``first..last`` of the
    innermost block, which gets ``footer``, and each block above gets its rebuilt statement."""
    lists: list[list] = [[] for _ in levels]
    level = levels[-1]
    lists[-1] = [*level.statements[:first], *statements, *level.statements[last + 1:]]
    block = level.block.with_changes(body=lists[-1], footer=footer)
    for depth in range(len(levels) - 1, 0, -1):
        inner, outer = levels[depth], levels[depth - 1]
        holder = _with_block(outer.statements[inner.index], inner.cst_path, block)
        lists[depth - 1] = [*outer.statements[:inner.index], holder, *outer.statements[inner.index + 1:]]
        if depth > 1:
            block = outer.block.with_changes(body=lists[depth - 1])
    return lists


def _with_block(node: cst.CSTNode, path: _Path, block: cst.IndentedBlock) -> cst.CSTNode:
    """``node`` with the block at ``path`` replaced by ``block``."""
    if not path:
        return block
    (name, index), rest = path[0], path[1:]
    child = getattr(node, name)
    if index is None:
        return node.with_changes(**{name: _with_block(child, rest, block)})
    items = list(child)
    items[index] = _with_block(items[index], rest, block)
    return node.with_changes(**{name: items})


def _path_matches_ast(lists: list[list], levels: list[_Level], tree: ast.Module, first: int, statements: list) -> bool:
    """Each rebuilt block on the path has as many statements as CPython's parse of the new
    text, the path's statements and the new ones are of the kinds CPython has there."""
    ast_statements = tree.body
    for depth, block_statements in enumerate(lists):
        if depth == len(lists) - 1:
            return _kinds_match(block_statements, ast_statements, first, statements)
        inner = levels[depth + 1]
        holder = block_statements[inner.index]
        node = _ast_at(block_statements, ast_statements, inner.index, check_count=True)
        if node is None or not _same_kind(holder, node):
            return False
        ast_statements = _follow(node, inner.ast_path)
        if ast_statements is None:
            return False
    return False


def _follow(node: ast.AST, path: _Path) -> list | None:
    """The ast statement list at ``path`` below ``node``, or None."""
    current = node
    for name, index in path:
        current = getattr(current, name, None)
        if index is not None:
            current = current[index] if isinstance(current, list) and index < len(current) else None
        if current is None:
            return None
    return current if isinstance(current, list) else None


# -- a splice among the module's statements ------------------------------------------------------

def _splice_top(previous: _Parsed, text: str, tree: ast.Module, edit: _Edit) -> tuple[cst.Module, int] | None:
    """Re-parse the top-level statements the edit touched as a module of their own."""
    body, starts = previous.module.body, previous.starts
    if edit.start < starts[0]:
        return None  # the module's leading comments, or before them
    first, last = _touched(_Level(list(body), previous.tree.body, starts, ()), text, edit)
    piece_start = starts[first]
    to_end = last == len(body) - 1
    if not _replaced_text_matches(previous, first, last):
        return None
    piece_end = len(text) if to_end else starts[last + 1] + edit.delta
    piece = text[piece_start:piece_end]
    if not _starts_line(text, piece_start) or not to_end and not _ends_line(text, piece_start, piece_end):
        return None
    try:
        parsed = parse_module(piece)
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
    new_body = [*body[:first], *statements, *body[last + 1:]]
    changes = {"body": new_body}
    if to_end:
        changes.update(footer=parsed.footer, has_trailing_newline=parsed.has_trailing_newline)
    if not _kinds_match(new_body, tree.body, first, statements):
        return None
    return previous.module.with_changes(**changes), len(piece)


def _replaced_text_matches(previous: _Parsed, first: int, last: int) -> bool:
    """Whether statements ``first..last`` of the previous module generate exactly the text
    between the offsets recorded for them (``ast`` line numbers can mislead, e.g. after a
    line that is only a backslash continuation)."""
    module, starts = previous.module, previous.starts
    end = starts[last + 1] if last + 1 < len(starts) else len(previous.text) - len(_footer_code(module))
    code = "".join(module.code_for_node(statement) for statement in module.body[first:last + 1])
    if last == len(module.body) - 1 and not module.has_trailing_newline and not module.footer:
        code = code.removesuffix(module.default_newline)  # libcst drops the file's last line break
    return previous.text[starts[first]:end] == code


def _footer_code(module: cst.Module) -> str:
    """The text of the module's footer lines, as they end the file."""
    code = "".join(module.code_for_node(line) for line in module.footer)  # the module's line breaks
    return code if module.has_trailing_newline else code.removesuffix(module.default_newline)


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


# -- pairing with CPython's ast --------------------------------------------------------------------

def _block_starts(statements, ast_statements: list, offsets: list[int]) -> list[int] | None:
    """Character offset of each of a block's libcst ``statements`` (leading lines included),
    from their ``ast`` counterparts' lines; None when they do not pair."""
    starts: list[int] = []
    position = 0
    for statement in statements:
        if position >= len(ast_statements):
            return None
        line = first_line(statement, ast_statements[position])
        if not 1 <= line <= len(offsets):
            return None
        starts.append(offsets[line - 1])
        position += ast_statement_count(statement)
    return starts if position == len(ast_statements) else None


def _ast_at(statements: list, ast_statements: list, index: int, check_count: bool = False) -> ast.stmt | None:
    """The ast statement where libcst's ``statements[index]`` begins (with ``check_count``:
    None unless the block has as many statements as ``ast_statements``)."""
    counts = [ast_statement_count(statement) for statement in statements]
    if check_count and sum(counts) != len(ast_statements):
        return None
    position = sum(counts[:index])
    return ast_statements[position] if position < len(ast_statements) else None


def _kinds_match(statements: list, ast_statements: list, first: int, new: list) -> bool:
    """A block's libcst ``statements`` stand for as many ast statements as CPython found,
    and each of ``new`` (at ``first``) is of the kind CPython has at its place."""
    counts = [ast_statement_count(statement) for statement in statements]
    if sum(counts) != len(ast_statements):
        return False
    position = sum(counts[:first])
    for statement in new:
        if not _same_kind(statement, ast_statements[position]):
            return False
        position += ast_statement_count(statement)
    return True


_KINDS = {
    cst.SimpleStatementLine: (ast.stmt,),
    cst.FunctionDef: (ast.FunctionDef, ast.AsyncFunctionDef), cst.ClassDef: (ast.ClassDef,),
    cst.If: (ast.If,), cst.For: (ast.For, ast.AsyncFor), cst.While: (ast.While,),
    cst.With: (ast.With, ast.AsyncWith), cst.Try: (ast.Try,), cst.Match: (ast.Match,),
    # ast.TryStar is new in 3.11; on 3.10 the view of `except*` is a plain `except` (mcplint.syntax).
    cst.TryStar: (getattr(ast, "TryStar", ast.Try),),
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
