"""Fixes judged against the text they edit, for every consumer alike (``--fix``, ``[*]``,
the language server's code actions).

**Captured names.** Fixes whose new names a local binding would capture lose their edits.

A rule's fix spells the names it introduces (``McpError``, ``types.ErrorData``,
``INVALID_PARAMS``) as the module binds them, or adds an import. Inside a function, Python
resolves a name that the function (or an enclosing one) binds anywhere in its body to that
local, not to the module's import: ``raise McpError(types.ErrorData(...))`` in a handler that
also does ``types = arguments.get("types")`` raises UnboundLocalError (or AttributeError)
instead of -32602. Such a fix would parse and still break the code, so it is dropped here,
for every consumer alike (``--fix``, ``[*]``, the language server's code actions); the
finding itself stays.

The judgement uses CPython's own symbol table (:mod:`symtable`) of the text, so every way
Python binds a name counts: parameters, assignments, ``for``/``with``/``except`` targets,
walrus, imports, nested ``def``/``class`` names, ``match`` captures, ``nonlocal``. A name the
replaced text already used there is not new, and is not judged.

**Comments.** A safe fix whose edit replaces text holding a comment that the new text does
not keep is made unsafe, as ruff does: ``--fix`` must not silently delete what the author
wrote (``raise ValueError(  # why``).
"""

from __future__ import annotations

import ast
import dataclasses
import io
import keyword
import symtable
import tokenize
from typing import Iterable, Iterator

from mcplint.diagnostics import Applicability, Diagnostic, Edit, Fix, Position

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


def without_captured_fixes(view: str, tree: ast.Module | None, path: str,
                           diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """``diagnostics`` where each fix of ``path`` that introduces a name a function-local
    binding at its edit would capture is removed (the finding is kept, without ``[*]``).

    ``view`` is the file's text as CPython parses it and ``tree`` its ``ast`` (both from
    :func:`mcplint.syntax.check_source`); without a tree nothing is judged.
    """
    if tree is None or not any(d.fix is not None and d.fix.edits and d.path == path for d in diagnostics):
        return diagnostics
    judge = _ScopeJudge(view, tree, path)
    return [dataclasses.replace(d, fix=None) if d.fix is not None and d.path == path and judge.captures(d.fix.edits)
            else d for d in diagnostics]


def with_comment_loss_unsafe(view: str, path: str, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """``diagnostics`` where each safe fix of ``path`` that would delete a comment is unsafe."""
    lines = view.splitlines(keepends=True)
    return [dataclasses.replace(d, fix=dataclasses.replace(d.fix, applicability=Applicability.UNSAFE))
            if d.path == path and _deletes_a_comment(d.fix, lines) else d for d in diagnostics]


def _deletes_a_comment(fix: Fix | None, lines: list[str]) -> bool:
    if fix is None or fix.applicability is not Applicability.SAFE:
        return False
    for edit in fix.edits:
        if edit.span.start == edit.span.end:
            continue
        kept = set(comments_in(edit.content))
        if any(comment not in kept for comment in comments_in(_span_text(lines, edit.span.start, edit.span.end))):
            return True
    return False


def comments_in(text: str) -> list[str]:
    """The ``#`` comments of a piece of code (empty when it does not tokenize on its own)."""
    try:
        return [t.string.strip() for t in tokenize.generate_tokens(io.StringIO(text).readline)
                if t.type == tokenize.COMMENT]
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return []


def _span_text(lines: list[str], start: Position, end: Position) -> str:
    def line(number: int) -> str:
        return lines[number - 1] if 0 < number <= len(lines) else ""
    if start.line == end.line:
        return line(start.line)[start.column:end.column]
    middle = "".join(line(number) for number in range(start.line + 1, end.line))
    return line(start.line)[start.column:] + middle + line(end.line)[:end.column]


def introduced_names(content: str, replaced: str) -> set[str]:
    """The bare names ``content`` refers to (not attributes, keyword-argument names or
    keywords) that the ``replaced`` text does not mention; empty when ``content`` does not
    tokenize on its own (nothing is judged then)."""
    return set(_referenced_names(content)) - set(_referenced_names(replaced))


def imported_names(content: str) -> set[str]:
    """The names an edit's content binds by ``import`` / ``from ... import`` statements (an
    import edit of a fix); empty for other content."""
    try:
        statements = ast.parse(content).body
    except (SyntaxError, ValueError):
        return set()
    return {name for node in statements if isinstance(node, (ast.Import, ast.ImportFrom))
            for name in _bound_by_import(node)}


def _bound_by_import(node: ast.Import | ast.ImportFrom) -> Iterator[str]:
    for alias in node.names:
        if alias.name != "*":
            yield alias.asname or alias.name.partition(".")[0]


def _referenced_names(text: str) -> Iterator[str]:
    try:
        tokens = [t for t in tokenize.generate_tokens(io.StringIO(text).readline)
                  if t.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT)]
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return
    for index, token in enumerate(tokens):
        if token.type != tokenize.NAME or keyword.iskeyword(token.string):
            continue
        before = tokens[index - 1].string if index else ""
        after = tokens[index + 1].string if index + 1 < len(tokens) else ""
        if before != "." and after != "=":
            yield token.string


class _ScopeJudge:
    """Which names are local at a point of one file (its functions' symbol tables)."""

    def __init__(self, view: str, tree: ast.Module, path: str) -> None:
        self._lines = view.splitlines(keepends=True)
        self._functions = [node for node in ast.walk(tree) if isinstance(node, _FUNCTIONS)]
        self._view = view
        self._path = path
        self._tables: dict[tuple[str, int], symtable.SymbolTable] | None = None
        self._tree = tree
        self._imports: set[str] | None = None

    def captures(self, edits: Iterable[Edit]) -> bool:
        """Whether some edit introduces an imported name (one the module imports, or the fix's
        own import adds) that a function around the edit binds. Other names a fix writes mean
        the handler's own locals (the mapping it guards), and are not judged."""
        edits = tuple(edits)
        imported = self._module_imports() | {name for edit in edits for name in imported_names(edit.content)}
        for edit in edits:
            names = introduced_names(edit.content, self._text(edit.span.start, edit.span.end)) & imported
            if names and self._any_local(names, edit.span.start):
                return True
        return False

    def _module_imports(self) -> set[str]:
        if self._imports is None:
            self._imports = set()
            pending = list(ast.iter_child_nodes(self._tree))
            while pending:  # module level, also inside top-level `try`/`if`; not in defs or classes
                node = pending.pop()
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    self._imports.update(_bound_by_import(node))
                elif not isinstance(node, (*_FUNCTIONS, ast.ClassDef)):
                    pending.extend(ast.iter_child_nodes(node))
        return self._imports

    def _any_local(self, names: set[str], where: Position) -> bool:
        """Whether a function around ``where`` (innermost first, as Python resolves a name)
        binds one of ``names``; module level is not judged (the rules' own spelling already
        avoids module bindings)."""
        tables = [self._table_of(function) for function in self._functions_around(where)]
        return any(self._bound_locally(name, [t for t in tables if t is not None]) for name in names)

    @staticmethod
    def _bound_locally(name: str, tables: list[symtable.SymbolTable]) -> bool:
        for table in tables:
            try:
                symbol = table.lookup(name)
            except KeyError:
                continue  # not used there: an enclosing function's binding would reach it
            if symbol.is_local() or symbol.is_free():
                return True
            if symbol.is_declared_global():
                return False
        return False

    def _functions_around(self, where: Position) -> list[ast.AST]:
        around = [node for node in self._functions
                  if self._position(node.lineno, node.col_offset) <= where
                  <= self._position(node.end_lineno, node.end_col_offset)]
        return sorted(around, key=lambda node: self._position(node.lineno, node.col_offset), reverse=True)

    def _table_of(self, function: ast.AST) -> symtable.SymbolTable | None:
        if self._tables is None:
            try:
                top = symtable.symtable(self._view, self._path or "<string>", "exec")
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                top = None
            self._tables = {}
            if top is not None:
                self._collect(top)
        name = "lambda" if isinstance(function, ast.Lambda) else function.name
        return self._tables.get((name, function.lineno))

    def _collect(self, table: symtable.SymbolTable) -> None:
        for child in table.get_children():
            if child.get_type() == "function":
                self._tables.setdefault((child.get_name(), child.get_lineno()), child)
            self._collect(child)

    def _position(self, line: int, byte_column: int) -> Position:
        """``ast``'s (line, UTF-8 byte column) as a code-point :class:`Position`."""
        text = self._lines[line - 1] if 0 < line <= len(self._lines) else ""
        return Position(line, len(text.encode("utf-8")[:byte_column].decode("utf-8", errors="ignore")))

    def _text(self, start: Position, end: Position) -> str:
        return "" if start == end else _span_text(self._lines, start, end)
