"""Positions of libcst nodes, computed only around the nodes a linter reports.

libcst's ``PositionProvider`` generates the code of the whole module with position tracking,
which costs nearly three times the parse (``benchmarks/lsp_latency.py``). A linter needs the
positions of the few nodes it reports, so :class:`PositionIndex` runs the same generator
(libcst's ``PositionProvidingCodegenState``, so the ranges are the provider's) over the
smallest statement that holds the node, starting at the line where that statement sits, and
stops as soon as the node is placed.

Where a statement sits comes from CPython's ``ast`` (which the engine already ran as its
syntax pre-check): ``ast`` statements carry line numbers at every depth, and they pair with
libcst's statements body by body (a ``SimpleStatementLine`` holds one ``ast`` statement per
small statement; a compound statement is one ``ast`` statement whose bodies pair again).

Inside a simple statement's value (``return [...]`` of a thousand lines, say), ``ast``
also places list elements, call arguments and dict entries, so only the innermost of those
that holds a node is generated, from the column ``ast`` gives.

Each generated piece is compared with the source text at the line and column it claims; on
any disagreement (a layout this pairing does not foresee) the index falls back to the whole
statement, then to libcst's whole-module provider, so positions are never wrong, only
occasionally slower. (Where libcst's own layout moves characters, a form feed in an
indentation, a piece placed by ``ast`` follows the source text and the provider does not.)
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

import libcst as cst
from libcst._nodes.internal import CodegenState
from libcst.metadata import CodePosition, CodeRange, MetadataWrapper, PositionProvider

from mcplint.model.module_info import fast_children, is_token, walk
from mcplint.syntax import check_source

#: What libcst counts as a line break (``libcst.metadata.position_provider.NEWLINE_RE``).
NEWLINE = re.compile(r"\r\n?|\n")


def line_offsets(text: str) -> list[int]:
    """Character offset of the start of each line of ``text`` (index 0 = line 1), with line
    breaks counted as libcst counts them."""
    return [0] + [match.end() for match in NEWLINE.finditer(text)]

#: Nodes that start on a line of their own and that ``ast`` gives a line number.
_LINE_NODES = (cst.SimpleStatementLine, cst.BaseCompoundStatement, cst.ExceptHandler, cst.ExceptStarHandler)

#: A piece of a suite: (the libcst node the path passes through, its libcst statements, the
#: matching ast statements, the indentation it adds, whether its If is an ``elif``).
_Suite = tuple[cst.CSTNode, list, list, tuple[str, ...], bool]


class PositionIndex:
    """Code ranges (libcst ``CodeRange``: 1-based lines, 0-based code-point columns) of the
    nodes of one parsed module, as libcst's ``PositionProvider`` gives them.

    ``source`` is the text the module was parsed from; ``tree`` its ``ast`` parse when the
    caller has one (else it is parsed on first use). :meth:`range` raises ``KeyError`` for a
    node that is not part of the module.
    """

    def __init__(self, module: cst.Module, source: str, tree: ast.Module | None = None,
                 tree_text: str | None = None) -> None:
        self._module = module
        self._source = source
        self._tree = tree
        self._tree_text = source if tree_text is None else tree_text  # what the tree's columns count in
        self._line_offsets: list[int] | None = None
        self._parent: dict[int, cst.CSTNode | None] = {}  # id(node) -> parent; None for top level
        self._walked = 0  # top-level statements whose nodes are in _parent
        self._spans: dict[int, tuple[tuple[int, int], tuple[int, int]]] = {}  # id(node) -> (start, end)
        self._whole: dict[cst.CSTNode, CodeRange] | None = None  # the fallback
        self._chosen: dict[int, tuple] = {}  # id(statement) -> its _innermost_line_node answer
        self._pairs: dict[tuple[int, int], dict[int, tuple]] = {}  # a suite's statements with their ast ones

    def range(self, node: cst.CSTNode) -> CodeRange:
        """The node's range (``KeyError`` when the node belongs to another module)."""
        span = self._spans.get(id(node))
        if span is None and self._whole is None:
            self.prepare([node])
            span = self._spans.get(id(node))
        if span is not None:
            return CodeRange(CodePosition(*span[0]), CodePosition(*span[1]))
        if self._whole is None:
            raise KeyError(node)
        return self._whole[node]

    def prepare(self, nodes) -> None:
        """Position ``nodes`` (those of this module; others are ignored) with one code
        generation per statement that holds some of them."""
        if self._whole is not None:
            return
        groups: dict[int, tuple[tuple, set[int]]] = {}
        for node in nodes:
            if id(node) in self._spans:
                continue
            path = self._path_to(node)
            chosen = self._innermost_line_node(path) if path is not None else None
            if chosen is None:
                # A comment hangs below whitespace, which the parent walk skips (tokens=False).
                if path is not None or is_token(node) or isinstance(node, cst.Comment) \
                        or self._outside_statements(node):
                    self._use_whole_module()
                    return
                continue  # a node of another module
            anchor, statement = self._expression_anchor(chosen, path)
            groups.setdefault(id(anchor[0]), (anchor, statement, set()))[2].add(id(node))
        for anchor, statement, targets in groups.values():
            if not self._generate(*anchor, targets=targets) and (
                    anchor is statement or not self._generate(*statement, targets=targets)):
                self._use_whole_module()
                return

    # -- where a node is --------------------------------------------------------------------
    def _path_to(self, node: cst.CSTNode) -> list[cst.CSTNode] | None:
        """The nodes from the top-level statement holding ``node`` (or from the nearest statement
        above it already placed) down to ``node``, or None when no statement holds it.
        Statements are walked in order, each once per file."""
        body = self._module.body
        while id(node) not in self._parent and self._walked < len(body):
            statement = body[self._walked]
            self._parent[id(statement)] = None
            stack = [statement]
            while stack:
                current = stack.pop()
                for child in fast_children(current, tokens=False):  # nothing reports a comma
                    self._parent[id(child)] = current
                    stack.append(child)
            self._walked += 1
        if id(node) not in self._parent:
            return None
        path = [node]
        # Up to the top-level statement, or to a statement placed before (where the descent
        # of _innermost_line_node resumes): a node deep in a long `elif` chain stays cheap.
        while id(path[-1]) not in self._chosen and (parent := self._parent[id(path[-1])]) is not None:
            path.append(parent)
        path.reverse()
        return path

    def _outside_statements(self, node: cst.CSTNode) -> bool:
        module = self._module
        return node is module or any(
            current is node for line in (*module.header, *module.footer) for current in walk(line, tokens=True))

    # -- positions of the smallest statement around a node ---------------------------------------
    def _innermost_line_node(self, path: list[cst.CSTNode]):
        """(node, its ast node, indentation, is-elif) for the innermost line-starting node on
        ``path``, or None when ``ast`` does not pair with it."""
        if self._tree is None:
            # CPython's parse, or of the view of newer syntax the running Python lacks.
            checked = check_source(self._source)
            if checked.tree is None:
                return None
            self._tree, self._tree_text = checked.tree, checked.view
        on_path = {id(node) for node in path}
        # Resume below the deepest statement of the path placed before: the nodes of a long
        # `elif` chain lie ever deeper, and descending from the module for each one was
        # quadratic in the chain (a dispatcher of 800 prompts).
        chosen = next((self._chosen[id(node)] for node in reversed(path) if id(node) in self._chosen), None)
        if chosen is None:
            suite: _Suite | None = (self._module, list(self._module.body), list(self._tree.body), (), False)
            indents: list[str] = []
        else:
            suite, indents = self._suite_below(chosen, on_path), list(chosen[2])
        while suite is not None:
            owner, statements, ast_statements, indent, is_elif = suite
            paired = self._paired(owner, statements, ast_statements, on_path)
            if paired is None:  # the node is a suite itself, or its whitespace
                break
            indents.extend(indent)
            statement, ast_statements = paired
            chosen = self._chosen[id(statement)] = (statement, ast_statements, tuple(indents), is_elif)
            suite = self._suite_below(chosen, on_path)
        return chosen

    def _suite_below(self, chosen, on_path: set[int]) -> _Suite | None:
        """The suite of ``chosen``'s statement that the path goes on into, if any."""
        statement, ast_statements = chosen[0], chosen[1]
        return next((s for s in _suites(statement, ast_statements[0], self._module.default_indent)
                     if id(s[0]) in on_path), None)

    def _paired(self, owner: cst.CSTNode, statements: list, ast_statements: list, on_path: set[int]):
        """:func:`_pair_on_path` from a table of the suite ``owner`` built once (a module of
        800 functions is asked once per placed node)."""
        key = (id(owner), len(statements))
        table = self._pairs.get(key)
        if table is None:
            table = self._pairs[key] = _pairs_of(statements, ast_statements)
        return next((table[ident] for ident in on_path if ident in table), None) \
            if len(on_path) < len(table) else _pair_on_path(statements, ast_statements, on_path)

    def _expression_anchor(self, chosen, path: list[cst.CSTNode]):
        """What to generate for a node of ``chosen`` (from :meth:`_innermost_line_node`), and
        the statement to fall back to, each ``(node, line, column, indents, is_elif)``. That
        is the statement itself, or, inside a simple statement's value, the innermost list
        element, call argument or dict entry holding the node whose position ``ast`` gives
        (a ``return [...]`` of a thousand lines then costs one element's code generation,
        not the whole list's)."""
        statement, ast_statements, indents, is_elif = chosen
        whole = (statement, first_line(statement, ast_statements[0]), 0, indents, is_elif)
        if type(statement) is not cst.SimpleStatementLine:
            return whole, whole
        on_path = {id(node) for node in path}
        pairs = [(getattr(small, "value", None), getattr(node, "value", None))
                 for small, node in zip(statement.body, ast_statements)
                 if id(small) in on_path and _SMALL_VALUES.get(type(small)) is type(node)]
        best = None
        node, counterpart = pairs[0] if pairs else (None, None)
        while node is not None and counterpart is not None and id(node) in on_path and not getattr(node, "lpar", ()) \
                and type(counterpart) is not ast.GeneratorExp:  # ast places a sole argument's at the call's `(`
            best = (node, counterpart)
            node, counterpart = next(((c, a) for c, a in _expression_pairs(node, counterpart) if id(c) in on_path),
                                     (None, None))
        column = self._column(best[1]) if best is not None else None
        return (whole if column is None else (best[0], best[1].lineno, column, indents, False)), whole

    def _column(self, node: ast.AST) -> int | None:
        """``node``'s column in code points (``ast`` counts UTF-8 bytes), or None."""
        if self._line_offsets is None:
            self._line_offsets = line_offsets(self._source)
        offsets = self._line_offsets
        if not 1 <= node.lineno <= len(offsets):
            return None
        text = self._tree_text  # the same lines as the source (mcplint.syntax keeps them)
        end = offsets[node.lineno] if node.lineno < len(offsets) else len(text)
        try:
            return len(text[offsets[node.lineno - 1]:end].encode("utf-8")[:node.col_offset].decode("utf-8"))
        except UnicodeError:
            return None

    def _generate(self, node, line: int, column: int, indents: tuple[str, ...], is_elif: bool,
                  targets: set[int]) -> bool:
        """Generate ``node``'s code with positions, from ``line`` and ``column``, until every
        target is placed; False when the generated text is not the source's there."""
        state = _TargetState(self._module.default_indent, self._module.default_newline, line, indents, targets)
        state.column = column
        try:
            if is_elif:
                node._codegen(state, is_elif=True)
            else:
                node._codegen(state)
        except _Placed:
            pass
        generated = "".join(state.tokens)
        if not self._module.has_trailing_newline and not self._matches_source(line, column, generated):
            # The file's last line: Module._codegen pops the newline every statement ends with.
            generated = generated.removesuffix(self._module.default_newline)
        if state.remaining or not self._matches_source(line, column, generated):
            return False
        self._spans.update(state.spans)
        return True

    def _matches_source(self, line: int, column: int, generated: str) -> bool:
        if self._line_offsets is None:
            self._line_offsets = line_offsets(self._source)
        if not 1 <= line <= len(self._line_offsets):
            return False
        return self._source.startswith(generated, self._line_offsets[line - 1] + column)

    def _use_whole_module(self) -> None:
        self._whole = dict(MetadataWrapper(self._module, unsafe_skip_copy=True).resolve(PositionProvider))


def _pairs_of(statements: list, ast_statements: list) -> dict[int, tuple]:
    """Each statement of a suite by id, with its ast statements (:func:`_pair_on_path`'s
    answers for every statement at once)."""
    table: dict[int, tuple] = {}
    position = 0
    for statement in statements:
        if position >= len(ast_statements):
            break
        count = ast_statement_count(statement)
        table[id(statement)] = (statement, ast_statements[position:position + count])
        position += count
    return table


def _pair_on_path(statements: list, ast_statements: list, on_path: set[int]):
    """The libcst statement of ``statements`` that lies on the path, with its ast statements
    (one per small statement of a ``SimpleStatementLine``)."""
    position = 0
    for statement in statements:
        if position >= len(ast_statements):
            return None
        count = ast_statement_count(statement)
        if id(statement) in on_path:
            return statement, ast_statements[position:position + count]
        position += count
    return None


#: Small statements whose ``value`` expression is the ``value`` of this ``ast`` statement.
_SMALL_VALUES = {cst.Return: ast.Return, cst.Expr: ast.Expr, cst.Assign: ast.Assign,
                 cst.AnnAssign: ast.AnnAssign, cst.AugAssign: ast.AugAssign}


def _expression_pairs(node: cst.CSTNode, counterpart: ast.AST) -> Iterator[tuple[cst.CSTNode, ast.AST]]:
    """The sub-expressions of a list, tuple, set, dict or call paired with their ``ast``
    counterparts (nothing when the shapes differ)."""
    kind = type(node)
    if _SEQUENCES.get(kind) is type(counterpart) and len(node.elements) == len(counterpart.elts):
        for element, elt in zip(node.elements, counterpart.elts):
            if type(element) is cst.Element:
                yield element.value, elt
    elif kind is cst.Dict and type(counterpart) is ast.Dict and len(node.elements) == len(counterpart.keys):
        for element, key, value in zip(node.elements, counterpart.keys, counterpart.values):
            if type(element) is cst.DictElement and key is not None:
                yield element.key, key
                yield element.value, value
    elif kind is cst.Call and type(counterpart) is ast.Call:
        # ast keeps positional (and *) arguments apart from keyword (and **) ones.
        positional, keywords = iter(counterpart.args), iter(counterpart.keywords)
        for arg in node.args:
            if arg.keyword is None and arg.star != "**":
                paired = next(positional, None)
            else:
                keyword = next(keywords, None)
                paired = keyword.value if keyword is not None else None
            if paired is not None and arg.star == "":
                yield arg.value, paired


_SEQUENCES = {cst.List: ast.List, cst.Tuple: ast.Tuple, cst.Set: ast.Set}


def _suites(statement: cst.CSTNode, node: ast.AST, default_indent: str) -> Iterator[_Suite]:
    """The suites below a line-starting node, paired with the ast node's statement lists."""
    def block(suite, ast_body, outer=()):
        if isinstance(suite, cst.IndentedBlock):
            indent = suite.indent if suite.indent is not None else default_indent
            yield suite, list(suite.body), ast_body, (*outer, indent), False

    if isinstance(statement, cst.SimpleStatementLine):
        return
    yield from block(getattr(statement, "body", None), getattr(node, "body", []))
    orelse = getattr(statement, "orelse", None)
    if isinstance(statement, cst.If) and isinstance(orelse, cst.If):
        yield orelse, [orelse], node.orelse, (), True
    elif isinstance(orelse, cst.Else):
        yield from block(orelse.body, node.orelse)
    if isinstance(statement, (cst.Try, cst.TryStar)):
        for handler, ast_handler in zip(statement.handlers, node.handlers):
            yield handler, [handler], [ast_handler], (), False
        if statement.finalbody is not None:
            yield from block(statement.finalbody.body, node.finalbody)
    if isinstance(statement, cst.Match):
        cases_indent = statement.indent if statement.indent is not None else default_indent
        for case, ast_case in zip(statement.cases, node.cases):
            yield from block(case.body, ast_case.body, (cases_indent,))


def ast_statement_count(statement: cst.CSTNode) -> int:
    """How many ``ast`` statements a libcst statement stands for: one per small statement of
    a ``SimpleStatementLine`` (``a = 1; b = 2`` is two), else one."""
    return len(statement.body) if isinstance(statement, cst.SimpleStatementLine) else 1


def first_line(statement: cst.CSTNode, node: ast.AST) -> int:
    """The line (1-based) of the first leading blank/comment line of a line-starting libcst
    node (a statement, or an except clause), from ``node``, its ``ast`` counterpart."""
    line = node.lineno
    leading = len(statement.leading_lines)
    decorators = getattr(node, "decorator_list", None)
    if decorators and getattr(statement, "decorators", None):
        line = min(decorator.lineno for decorator in decorators)  # the first `@` line
        leading += len(statement.decorators[0].leading_lines)
    return line - leading


class _Placed(Exception):
    """Raised inside libcst's code generator once every target node is positioned."""


class _TargetState(CodegenState):
    """libcst's code generator state tracking positions the way ``PositionProvidingCodegenState``
    does (same rules, so the same ranges), leaner: ranges are ``((line, column), (line,
    column))`` tuples keyed by ``id(node)``, and generation stops once ``targets`` are placed.
    """

    __slots__ = ("_starts", "column", "line", "remaining", "spans")

    def __init__(self, default_indent: str, default_newline: str, line: int, indents, targets: set[int]) -> None:
        super().__init__(default_indent=default_indent, default_newline=default_newline)
        self.indent_tokens = list(indents)
        self.line = line
        self.column = 0
        self.spans: dict[int, tuple[tuple[int, int], tuple[int, int]]] = {}
        self.remaining = set(targets)
        self._starts: list[tuple[int, int]] = []

    def add_indent_tokens(self) -> None:
        self.tokens.extend(self.indent_tokens)
        for token in self.indent_tokens:
            self._advance(token)

    def add_token(self, value: str) -> None:
        self.tokens.append(value)
        self._advance(value)

    def _advance(self, value: str) -> None:
        if "\n" in value or "\r" in value:
            segments = NEWLINE.split(value)
            self.line += len(segments) - 1
            self.column = len(segments[-1])
        else:
            self.column += len(value)

    def before_codegen(self, node: cst.CSTNode) -> None:
        self._starts.append((self.line, self.column))

    def after_codegen(self, node: cst.CSTNode) -> None:
        start = self._starts.pop()
        key = id(node)
        if key not in self.spans:  # a syntactic position recorded inside wins
            self.spans[key] = (start, (self.line, self.column))
        if key in self.remaining:
            self.remaining.discard(key)
            if not self.remaining:
                raise _Placed()

    def record_syntactic_position(self, node, *, start_node=None, end_node=None):
        return _SyntacticPosition(self, node, start_node, end_node)


class _SyntacticPosition:
    """``PositionProvidingCodegenState.record_syntactic_position`` as a plain context manager
    (cheaper than a generator); records on normal exit only, so ``_Placed`` passes through."""

    __slots__ = ("end_node", "node", "start", "start_node", "state")

    def __init__(self, state: _TargetState, node, start_node, end_node) -> None:
        self.state, self.node, self.start_node, self.end_node = state, node, start_node, end_node

    def __enter__(self) -> None:
        self.start = (self.state.line, self.state.column)

    def __exit__(self, kind, value, traceback) -> None:
        if kind is not None:
            return
        spans = self.state.spans
        start = spans[id(self.start_node)][0] if self.start_node is not None else self.start
        end = spans[id(self.end_node)][1] if self.end_node is not None else (self.state.line, self.state.column)
        spans[id(self.node)] = (start, end)
