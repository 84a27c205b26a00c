"""What a completion handler tests and returns (for MCP501 and MCP502).

A completion handler receives a reference (``PromptReference`` with ``.name`` or
``ResourceTemplateReference`` with ``.uri``) and a ``CompletionArgument`` (``.name``,
``.value``); see ``../shared/FRAMEWORKS.md`` §1 (mcp 1.x ``(ref, argument, context)``) and §3
(mcp 2.x ``(ctx, params)`` with ``params.ref``/``params.argument``). This module finds the
string literals the handler compares ``ref.name`` and ``argument.name`` with, together with
the conditions that gate each comparison, and estimates how many ``values`` each returned
``Completion(...)`` can hold. The spec caps ``values`` at 100 items (``Completion.values``:
"Must not exceed 100 items", mcp 1.29.0 ``src/mcp/types.py``; mcp 2.0.0
``src/mcp-types/mcp_types/_types.py``); neither SDK truncates.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator

import libcst as cst

from mcplint.model.evaluate import Evaluator
from mcplint.model.module_info import ModuleInfo, contains, dotted_name, fast_children, literal_value, walk
from mcplint.model.registrations import CompletionHandler

MAX_VALUES = 100  # MCP spec, completion/complete: values "Must not exceed 100 items"


@dataclass(frozen=True)
class NameTest:
    """``ref.name == "x"`` / ``argument.name in ("a", "b")`` / ``case "x":`` in a handler.

    ``kind`` is ``prompt`` (a prompt name via ``ref.name``) or ``argument``; ``node`` is the
    string literal; ``gate_prompts`` are the prompt names an enclosing test already fixed
    (None when not fixed); ``gate_ref`` is ``prompt``/``resource`` when an enclosing
    ``isinstance(ref, ...)`` or ``ref.type == ...`` fixed the reference kind.
    """

    kind: str
    value: str
    node: cst.SimpleString
    gate_prompts: frozenset[str] | None = None
    gate_ref: str | None = None


@dataclass
class _Gates:
    prompts: frozenset[str] | None = None
    ref: str | None = None


# -- name tests -------------------------------------------------------------------------------
def name_tests(handler: CompletionHandler) -> list[NameTest]:
    """Every literal the handler compares the prompt or argument name with."""
    if handler.ref is None or handler.argument is None:
        return []
    subjects = _Subjects(handler.ref, handler.argument)
    body = handler.function.body
    if isinstance(body, cst.IndentedBlock):
        subjects.collect_aliases(body)
    found: list[NameTest] = []
    _visit(body, _Gates(), subjects, found)
    return found


@dataclass
class _Subjects:
    """The expressions that stand for the reference, the argument and their names."""

    ref: str
    argument: str
    ref_aliases: set[str] = field(default_factory=set)
    argument_aliases: set[str] = field(default_factory=set)
    name_aliases: dict[str, str] = field(default_factory=dict)

    def collect_aliases(self, body: cst.IndentedBlock) -> None:
        for statement in body.body:
            if not isinstance(statement, cst.SimpleStatementLine):
                continue
            for small in statement.body:
                if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name):
                    target, value = small.targets[0].target.value, dotted_name(small.value)
                    if value in self._refs():
                        self.ref_aliases.add(target)
                    elif value in self._arguments():
                        self.argument_aliases.add(target)
                    else:
                        kind = self.kind_of(small.value)
                        if kind is not None:
                            self.name_aliases[target] = kind

    def _refs(self) -> set[str]:
        return {self.ref} | self.ref_aliases

    def _arguments(self) -> set[str]:
        return {self.argument} | self.argument_aliases

    def kind_of(self, expr: cst.BaseExpression) -> str | None:
        """``prompt`` for ``ref.name``, ``argument`` for ``argument.name``, else None."""
        dotted = dotted_name(expr)
        if dotted is None:
            return None
        if dotted in self.name_aliases:
            return self.name_aliases[dotted]
        head, _, attr = dotted.rpartition(".")
        if attr != "name":
            return None
        if head in self._refs():
            return "prompt"
        if head in self._arguments():
            return "argument"
        return None

    def ref_kind(self, expr: cst.BaseExpression) -> str | None:
        """``prompt``/``resource`` when ``expr`` tests the reference's type."""
        if isinstance(expr, cst.Call) and dotted_name(expr.func) == "isinstance" and len(expr.args) == 2 \
                and dotted_name(expr.args[0].value) in self._refs():
            kind = (dotted_name(expr.args[1].value) or "").rsplit(".", 1)[-1]
            return {"PromptReference": "prompt", "ResourceTemplateReference": "resource",
                    "ResourceReference": "resource"}.get(kind)
        if isinstance(expr, cst.Comparison) and len(expr.comparisons) == 1 \
                and isinstance(expr.comparisons[0].operator, cst.Equal):
            head, _, attr = (dotted_name(expr.left) or "").rpartition(".")
            right = expr.comparisons[0].comparator
            if attr == "type" and head in self._refs() and isinstance(right, cst.SimpleString):
                return {"ref/prompt": "prompt", "ref/resource": "resource"}.get(literal_value(right))
        return None


def _visit(node: cst.CSTNode, gates: _Gates, subjects: _Subjects, found: list[NameTest]) -> None:
    if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
        return
    if isinstance(node, cst.If):
        inner = _gates_from(node.test, gates, subjects)
        _visit_test(node.test, gates, subjects, found)
        _visit(node.body, inner, subjects, found)
        if node.orelse is not None:
            _visit(node.orelse, gates, subjects, found)
        return
    if isinstance(node, cst.BooleanOperation) and isinstance(node.operator, cst.And):
        _visit_test(node, gates, subjects, found)
        return
    if isinstance(node, cst.Comparison):
        _record_comparison(node, gates, subjects, found)
    if isinstance(node, cst.Match):
        kind = subjects.kind_of(node.subject)
        if kind is not None:
            for case in node.cases:
                for literal in _pattern_literals(case.pattern):
                    found.append(NameTest(kind, literal_value(literal), literal, gates.prompts, gates.ref))
    for child in fast_children(node, tokens=False):
        _visit(child, gates, subjects, found)


def _visit_test(test: cst.BaseExpression, gates: _Gates, subjects: _Subjects, found: list[NameTest]) -> None:
    """Each conjunct of an ``and`` chain is gated by the conjuncts before it."""
    current = gates
    for part in _conjuncts(test):
        if isinstance(part, cst.Comparison):
            _record_comparison(part, current, subjects, found)
        else:
            _visit(part, current, subjects, found)
        current = _gates_from(part, current, subjects)


def _conjuncts(test: cst.BaseExpression) -> list[cst.BaseExpression]:
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And):
        return _conjuncts(test.left) + _conjuncts(test.right)
    return [test]


def _gates_from(test: cst.BaseExpression, gates: _Gates, subjects: _Subjects) -> _Gates:
    result = _Gates(gates.prompts, gates.ref)
    for part in _conjuncts(test):
        ref_kind = subjects.ref_kind(part)
        if ref_kind is not None:
            result.ref = ref_kind
        literals = _compared_literals(part, subjects, "prompt")
        if literals is not None:
            result.prompts = frozenset(literal_value(lit) for lit in literals)
            result.ref = "prompt"
    return result


def _compared_literals(test: cst.BaseExpression, subjects: _Subjects, kind: str) -> list[cst.SimpleString] | None:
    """The literals of ``<kind>.name == "x"`` or ``<kind>.name in ("x", "y")``; None otherwise."""
    if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
        return None
    operator, right = test.comparisons[0].operator, test.comparisons[0].comparator
    left = test.left
    if isinstance(operator, cst.Equal) and subjects.kind_of(right) == kind:
        left, right = right, left
    if subjects.kind_of(left) != kind:
        return None
    if isinstance(operator, cst.Equal) and isinstance(right, cst.SimpleString):
        return [right]
    if isinstance(operator, cst.In) and isinstance(right, (cst.Tuple, cst.List, cst.Set)):
        literals = [el.value for el in right.elements if isinstance(el.value, cst.SimpleString)]
        return literals if len(literals) == len(right.elements) else None
    return None


def _record_comparison(node: cst.Comparison, gates: _Gates, subjects: _Subjects, found: list[NameTest]) -> None:
    if len(node.comparisons) != 1 or not isinstance(node.comparisons[0].operator, (cst.Equal, cst.NotEqual, cst.In, cst.NotIn)):
        return
    for kind in ("prompt", "argument"):
        plain = _as_equality(node)
        literals = _compared_literals(plain, subjects, kind) if plain is not None else None
        for literal in literals or ():
            value = literal_value(literal)
            if isinstance(value, str):
                found.append(NameTest(kind, value, literal, gates.prompts, gates.ref))


def _as_equality(node: cst.Comparison) -> cst.Comparison | None:
    """``!=``/``not in`` read as ``==``/``in`` (the literal is compared either way)."""
    operator = node.comparisons[0].operator
    if isinstance(operator, cst.NotEqual):
        return node.with_changes(comparisons=[node.comparisons[0].with_changes(operator=cst.Equal())])
    if isinstance(operator, cst.NotIn):
        return node.with_changes(comparisons=[node.comparisons[0].with_changes(operator=cst.In())])
    return node


def _pattern_literals(pattern: cst.MatchPattern) -> Iterator[cst.SimpleString]:
    if isinstance(pattern, cst.MatchValue) and isinstance(pattern.value, cst.SimpleString):
        yield pattern.value
    elif isinstance(pattern, cst.MatchOr):
        for element in pattern.patterns:
            yield from _pattern_literals(element.pattern)
    elif isinstance(pattern, cst.MatchAs) and pattern.pattern is not None:
        yield from _pattern_literals(pattern.pattern)


# -- how many values --------------------------------------------------------------------------
@dataclass(frozen=True)
class Unbounded:
    """A source whose size nothing limits: ``what`` names it (``os.listdir()``)."""

    what: str


@dataclass(frozen=True)
class ValuesSite:
    """A ``Completion(values=...)`` in a handler and the most values it can carry.

    ``size`` is an int (literal or bounded), :class:`Unbounded`, or None (unknown).
    """

    node: cst.BaseExpression
    size: object


_SAME_SIZE = frozenset({"sorted", "list", "set", "tuple", "reversed", "frozenset", "dict", "enumerate"})
_SAME_SIZE_METHODS = frozenset({"keys", "values", "items", "copy"})
_DEPTH = 4
# Methods that list files or rows, recognised even on an unnamed receiver (``Path(p).glob(...)``).
_LISTINGS = frozenset({"iterdir", "glob", "rglob", "listdir", "scandir", "fetchall", "fetch", "find", "query",
                       "execute", "readlines", "walk", "all"})
# String methods: splitting what the user typed is not a data source.
_STRING_METHODS = frozenset({"split", "rsplit", "splitlines", "partition", "rpartition"})


def values_sites(handler: CompletionHandler, info: ModuleInfo) -> list[ValuesSite]:
    """Each ``Completion(...)`` built in the handler with the size bound of its ``values``."""
    sizer = _Sizer(info, Evaluator(info))
    sites: list[ValuesSite] = []
    for node in walk(handler.function.body, into_nested_scopes=False):
        if not isinstance(node, cst.Call) or (dotted_name(node.func) or "").rsplit(".", 1)[-1] != "Completion":
            continue
        values = _values_argument(node)
        if values is not None:
            sites.append(ValuesSite(values, sizer.size(values, handler.function, node, 0)))
    return sites


def _values_argument(call: cst.Call) -> cst.BaseExpression | None:
    for index, arg in enumerate(call.args):
        if (arg.keyword is None and index == 0 and arg.star == "") or (arg.keyword is not None and arg.keyword.value == "values"):
            return arg.value
    return None


class _Sizer:
    """Upper bounds of collection sizes: int, :class:`Unbounded` or None (unknown)."""

    def __init__(self, info: ModuleInfo, evaluator: Evaluator) -> None:
        self.info = info
        self.evaluator = evaluator

    def size(self, expr: cst.BaseExpression, scope: cst.FunctionDef | None, site: cst.CSTNode, depth: int) -> object:
        if depth > _DEPTH:
            return None
        if isinstance(expr, cst.Await):
            return self.size(expr.expression, scope, site, depth + 1)
        if isinstance(expr, (cst.List, cst.Tuple, cst.Set)):
            return _total([self.size(el.value, scope, site, depth + 1) if isinstance(el, cst.StarredElement) else 1
                           for el in expr.elements])
        if isinstance(expr, (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)):
            return self._comprehension(expr, scope, site, depth)
        if isinstance(expr, cst.Subscript):
            return self._subscript(expr, scope, site, depth)
        if isinstance(expr, cst.Call):
            return self._call(expr, scope, site, depth)
        if isinstance(expr, cst.Name):
            return self._name(expr.value, scope, site, depth)
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Add):
            return _total([self.size(expr.left, scope, site, depth + 1), self.size(expr.right, scope, site, depth + 1)])
        if isinstance(expr, (cst.IfExp, cst.BooleanOperation)):
            parts = [expr.body, expr.orelse] if isinstance(expr, cst.IfExp) else [expr.left, expr.right]
            return _largest([self.size(p, scope, site, depth + 1) for p in parts])
        return None

    def _comprehension(self, expr, scope, site, depth: int) -> object:
        sizes = []
        clause = expr.for_in
        while clause is not None:
            sizes.append(self.size(clause.iter, scope, site, depth + 1))
            clause = clause.inner_for_in
        return _product(sizes)

    def _subscript(self, expr: cst.Subscript, scope, site, depth: int) -> object:
        if len(expr.slice) != 1 or not isinstance(expr.slice[0].slice, cst.Slice):
            return None
        piece = expr.slice[0].slice
        upper = self.evaluator.eval(piece.upper) if piece.upper is not None else None
        inner = self.size(expr.value, scope, site, depth + 1)
        if isinstance(upper, int) and upper >= 0 and piece.step is None:
            lower = self.evaluator.eval(piece.lower) if piece.lower is not None else 0
            if isinstance(lower, int) and lower >= 0:
                bound = max(upper - lower, 0)
                return min(bound, inner) if isinstance(inner, int) else bound
        return inner if isinstance(inner, int) else None

    def _call(self, call: cst.Call, scope, site, depth: int) -> object:
        name = dotted_name(call.func) or ""
        last = call.func.attr.value if isinstance(call.func, cst.Attribute) else name
        args = [a.value for a in call.args if a.keyword is None]
        if name == "range" and args and len(args) == len(call.args):
            bounds = [self.evaluator.eval(a) for a in args]
            return len(range(*bounds)) if all(isinstance(b, int) for b in bounds) and len(bounds) <= 3 else None
        if name in _SAME_SIZE and args:
            return self.size(args[0], scope, site, depth + 1)
        if name in ("filter", "map") and len(args) >= 2:
            return self.size(args[1], scope, site, depth + 1)
        if last in ("islice", "nsmallest", "nlargest", "get_close_matches"):
            return self._counted(call, last)
        if isinstance(call.func, cst.Attribute) and last in _SAME_SIZE_METHODS and not call.args:
            return self.size(call.func.value, scope, site, depth + 1)
        if last in _STRING_METHODS:
            return None
        if last == "get" and isinstance(call.func, cst.Attribute):
            looked_up = self._dict_lookup(call, scope, site, depth)
            if looked_up is not None:
                return looked_up
        local = self.info.functions.get(name)
        if local is not None:
            return _largest([self.size(value, local, value, depth + 1) for value in _returns(local)] or [None])
        if name:
            return Unbounded(f"{name}()")
        return Unbounded(f"{last}()") if last in _LISTINGS else None

    def _dict_lookup(self, call: cst.Call, scope, site, depth: int) -> object:
        """``TABLE.get(key, default)`` on a constant dict of lists: its longest list (or the
        default's size when larger); None when the receiver is not such a dict."""
        table = self.evaluator.eval(call.func.value)
        if not isinstance(table, dict) or not table or not all(isinstance(v, (list, tuple)) for v in table.values()):
            return None
        longest = max(len(v) for v in table.values())
        if len(call.args) < 2:
            return longest
        return _largest([longest, self.size(call.args[1].value, scope, site, depth + 1)])

    def _counted(self, call: cst.Call, last: str) -> object:
        """``islice(x, n)``, ``nsmallest(n, x)``, ``get_close_matches(w, xs, n=3)``: at most n."""
        positional = [a.value for a in call.args if a.keyword is None]
        keywords = {a.keyword.value: a.value for a in call.args if a.keyword is not None}
        if last == "islice":
            node = positional[-1] if len(positional) >= 2 else None
        elif last == "get_close_matches":
            node = keywords.get("n", positional[2] if len(positional) >= 3 else None)
            if node is None:
                return 3  # difflib.get_close_matches(word, possibilities, n=3)
        else:
            node = positional[0] if positional else keywords.get("n")
        value = self.evaluator.eval(node) if node is not None else None
        return value if isinstance(value, int) and value >= 0 else None

    def _name(self, name: str, scope, site, depth: int) -> object:
        if scope is not None:
            params = scope.params
            all_params = list(params.posonly_params) + list(params.params) + list(params.kwonly_params)
            if any(p.name.value == name for p in all_params):
                return None
            tracked = _LocalSizes(self, scope, site, depth).size_of(name)
            if tracked is not _NOT_ASSIGNED:
                return tracked
        value = self.evaluator.constant(name)
        if isinstance(value, (list, tuple, set, dict, frozenset)):
            return len(value)
        node = self.info.constants.get(name)
        return self.size(node, None, node, depth + 1) if node is not None else None


_NOT_ASSIGNED = object()


class _LocalSizes:
    """Follows one local name through a function's statements up to ``site``.

    Assignments replace the bound; ``append``/``extend``/``+=`` add to it, times the sizes of
    the enclosing ``for`` loops; a slice ``x = x[:N]`` caps it even inside an ``if``; a
    ``while`` loop or a ``break`` makes the bound unknown.
    """

    def __init__(self, sizer: _Sizer, scope: cst.FunctionDef, site: cst.CSTNode, depth: int) -> None:
        self.sizer, self.scope, self.site, self.depth = sizer, scope, site, depth

    def size_of(self, name: str) -> object:
        self.name = name
        self.current: object = _NOT_ASSIGNED
        self.done = False
        body = self.scope.body
        self._block(body.body if isinstance(body, cst.IndentedBlock) else [], 1, False)
        return self.current

    def _block(self, statements, loops: object, conditional: bool) -> None:
        for statement in statements:
            if self.done:
                return
            if contains(statement, self.site, into_nested_scopes=False):
                if isinstance(statement, (cst.If, cst.For, cst.While, cst.With, cst.Try)):
                    self._compound(statement, loops, conditional)
                self.done = True
                return
            self._statement(statement, loops, conditional)

    def _statement(self, statement, loops: object, conditional: bool) -> None:
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                self._small(small, loops, conditional)
        elif isinstance(statement, (cst.If, cst.For, cst.While, cst.With, cst.Try)):
            self._compound(statement, loops, conditional)

    def _compound(self, statement, loops: object, conditional: bool) -> None:
        if isinstance(statement, cst.For):
            count = self.sizer.size(statement.iter, self.scope, statement, self.depth + 1)
            if any(isinstance(n, cst.Break) for n in walk(statement.body, into_nested_scopes=False)):
                count = None
            inner_loops = _product([loops, count])
            self._block(statement.body.body, inner_loops, conditional)
            return
        if isinstance(statement, cst.While):
            self._block(statement.body.body, None, True)
            return
        blocks = [statement.body]
        orelse = getattr(statement, "orelse", None)
        while orelse is not None:
            blocks.append(orelse.body)
            orelse = orelse.orelse if isinstance(orelse, cst.If) else None
        blocks.extend(h.body for h in getattr(statement, "handlers", ()))
        branchy = isinstance(statement, (cst.If, cst.Try))
        for block in blocks:
            if self.done:
                return
            if isinstance(block, cst.IndentedBlock):
                self._block(block.body, loops, conditional or branchy)

    def _small(self, small, loops: object, conditional: bool) -> None:
        name = self.name
        if isinstance(small, (cst.Assign, cst.AnnAssign)) and small.value is not None:
            targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else [small.target]
            if any(isinstance(t, cst.Name) and t.value == name for t in targets):
                new = self.sizer.size(small.value, self.scope, small, self.depth + 1)
                is_cap = _is_cap_of(small.value, name)
                if conditional and not is_cap and self.current is not _NOT_ASSIGNED:
                    new = _largest([self.current, new])
                self.current = new
        elif isinstance(small, cst.AugAssign) and isinstance(small.target, cst.Name) and small.target.value == name:
            added = self.sizer.size(small.value, self.scope, small, self.depth + 1)
            self.current = _total([self._known(), _product([loops, added])])
        elif isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
            self._method_call(small.value, loops)
        elif isinstance(small, cst.Del):
            target = small.target
            if isinstance(target, cst.Subscript) and dotted_name(target.value) == name:
                piece = target.slice[0].slice if len(target.slice) == 1 else None
                if isinstance(piece, cst.Slice) and piece.upper is None and isinstance(piece.lower, cst.Integer):
                    limit = int(piece.lower.value)
                    self.current = min(self.current, limit) if isinstance(self.current, int) else limit

    def _method_call(self, call: cst.Call, loops: object) -> None:
        func = call.func
        if not isinstance(func, cst.Attribute) or dotted_name(func.value) != self.name:
            return
        method = func.attr.value
        if method in ("append", "add", "insert"):
            self.current = _total([self._known(), loops])
        elif method in ("extend", "update") and call.args:
            added = self.sizer.size(call.args[0].value, self.scope, call, self.depth + 1)
            self.current = _total([self._known(), _product([loops, added])])

    def _known(self) -> object:
        return 0 if self.current is _NOT_ASSIGNED else self.current


def _is_cap_of(value: cst.BaseExpression, name: str) -> bool:
    """``x[:N]`` with a literal ``N`` at most 100, assigned back to ``x``."""
    if not isinstance(value, cst.Subscript) or dotted_name(value.value) != name or len(value.slice) != 1:
        return False
    piece = value.slice[0].slice
    return isinstance(piece, cst.Slice) and isinstance(piece.upper, cst.Integer) and int(piece.upper.value) <= MAX_VALUES


def _total(parts: list[object]) -> object:
    if any(p is None for p in parts):
        return None
    unbounded = [p for p in parts if isinstance(p, Unbounded)]
    return unbounded[0] if unbounded else sum(parts)  # type: ignore[arg-type]


def _product(parts: list[object]) -> object:
    if any(p is None for p in parts):
        return None
    unbounded = [p for p in parts if isinstance(p, Unbounded)]
    if unbounded:
        return unbounded[0]
    result = 1
    for part in parts:
        result *= part  # type: ignore[operator]
    return result


def _largest(parts: list[object]) -> object:
    if any(p is None for p in parts):
        return None
    unbounded = [p for p in parts if isinstance(p, Unbounded)]
    return unbounded[0] if unbounded else max(parts)  # type: ignore[type-var]


def _returns(function: cst.FunctionDef) -> list[cst.BaseExpression]:
    nodes = walk(function.body, into_nested_scopes=False)
    return [n.value for n in nodes if isinstance(n, cst.Return) and n.value is not None]




# -- advertised values (for the contract and MCP704) -----------------------------------------
ANY = "*"  # a reference kind, name or argument the handler does not test


@dataclass(frozen=True)
class Advertised:
    """The values a handler completes for an empty typed value, for one reference and argument.

    ``ref`` is ``prompt``, ``resource_template`` or :data:`ANY`; ``name`` the prompt name or
    URI template (:data:`ANY` when untested); ``argument`` the argument name (:data:`ANY` when
    untested); ``values`` the list, or None when it is not a literal the model can read.
    ``node`` is the expression that holds the values.
    """

    ref: str
    name: str
    argument: str
    values: tuple[str, ...] | None
    node: cst.CSTNode


@dataclass(frozen=True)
class _Path:
    """What the enclosing tests fixed: per dimension (``prompt``, ``uri``, ``argument``) the
    allowed names (None: any) and the excluded ones; ``ref`` the reference kind."""

    allowed: tuple = ()  # ((dimension, frozenset), ...), kept hashable
    excluded: tuple = ()
    ref: str | None = None
    vague: bool = False  # past a test the model cannot negate: what follows is not attributed

    def allow(self, dimension: str) -> frozenset[str] | None:
        return dict(self.allowed).get(dimension)

    def exclude(self, dimension: str) -> frozenset[str]:
        return dict(self.excluded).get(dimension, frozenset())

    def narrowed(self, dimension: str, names: frozenset[str], positive: bool) -> "_Path":
        allowed = dict(self.allowed)
        excluded = dict(self.excluded)
        if positive:
            current = allowed.get(dimension)
            allowed[dimension] = names if current is None else current & names
        else:
            excluded[dimension] = excluded.get(dimension, frozenset()) | names
        ref = self.ref
        if positive and dimension in ("prompt", "uri"):
            ref = "prompt" if dimension == "prompt" else "resource_template"
        return _Path(tuple(sorted(allowed.items())), tuple(sorted(excluded.items())), ref, self.vague)


def advertised_values(handler: CompletionHandler, info: ModuleInfo) -> list[Advertised] | None:
    """Every (reference, argument) pair the handler completes with values the model can read
    as literals: a literal list (or a module constant), a dict of lists indexed by the
    argument's name, either filtered by ``v.startswith(argument.value)``; the values are what
    an empty typed value gets. None when a returned completion cannot be attributed to a pair
    (an untested reference with an excluded name, a completion built elsewhere)."""
    if handler.ref is None or handler.argument is None or not isinstance(handler.function.body, cst.IndentedBlock):
        return None
    subjects = _Subjects(handler.ref, handler.argument)
    subjects.collect_aliases(handler.function.body)
    reader = _AdvertisedReader(subjects, Evaluator(info), handler)
    if not reader.block(handler.function.body.body, _Path()):
        return None
    return None if reader.failed else reader.found


class _AdvertisedReader:
    """Walks a handler's statements with the tests that guard them (see :func:`advertised_values`)."""

    def __init__(self, subjects: _Subjects, evaluator: Evaluator, handler: CompletionHandler) -> None:
        self.subjects, self.evaluator, self.handler = subjects, evaluator, handler
        self.found: list[Advertised] = []
        self.failed = False

    def block(self, statements, path: _Path) -> bool:
        """Reads ``statements`` under ``path``; False when control may fall through."""
        for statement in statements:
            if isinstance(statement, cst.If):
                path, ends = self.branch(statement, path)
                if ends:
                    return True
            elif isinstance(statement, cst.SimpleStatementLine):
                for small in statement.body:
                    if isinstance(small, cst.Return):
                        self.returned(small.value, path)
                        return True
                    if isinstance(small, cst.Raise):
                        return True
            elif any(isinstance(node, cst.Return) for node in walk(statement, into_nested_scopes=False)):
                self.failed = True  # a return inside a loop, try or match: not followed
                return True
        return False

    def branch(self, statement: cst.If, path: _Path) -> tuple[_Path, bool]:
        """Reads an ``if``/``elif``/``else`` chain; gives the path after it and whether every
        branch ends the handler."""
        gate = self.gate(statement.test, path, positive=True)
        negated = self.gate(statement.test, path, positive=False)
        if gate is not None and negated is None:
            negated = _Path(path.allowed, path.excluded, path.ref, vague=True)
        if gate is None or negated is None:
            self.failed = self.failed or any(isinstance(n, cst.Return) for n in walk(statement, into_nested_scopes=False))
            return path, False
        body_ends = self.block(statement.body.body, gate)
        orelse = statement.orelse
        if orelse is None:
            return (negated, False) if body_ends else (path, False)
        if isinstance(orelse, cst.If):
            after, else_ends = self.branch(orelse, negated)
        else:
            else_ends = self.block(orelse.body.body, negated)
            after = negated
        if body_ends and else_ends:
            return path, True
        return (after if body_ends else path), False

    def gate(self, test: cst.BaseExpression, path: _Path, positive: bool) -> _Path | None:
        """The path inside (``positive``) or past a test; None when the test is not a name
        test the model follows (a negated ``and`` chain fixes nothing either)."""
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            return self.gate(test.expression, path, not positive)
        parts = _conjuncts(test)
        if not positive and len(parts) > 1:
            return None
        for part in parts:
            kind = self.subjects.ref_kind(part)
            if kind is not None:  # past a failed kind test, the reference is the other kind
                is_prompt = (kind == "prompt") == positive
                path = _Path(path.allowed, path.excluded, "prompt" if is_prompt else "resource_template", path.vague)
                continue
            found = self.name_test(part)
            if found is None:
                return None
            dimension, names, equal = found
            path = path.narrowed(dimension, names, equal == positive)
        return path

    def name_test(self, test: cst.BaseExpression) -> tuple[str, frozenset[str], bool] | None:
        """``(dimension, names, True)`` for ``x.name == "a"`` / ``in (...)``, False for ``!=`` /
        ``not in``; dimension ``prompt``, ``uri`` or ``argument``."""
        if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
            return None
        operator = test.comparisons[0].operator
        equal = isinstance(operator, (cst.Equal, cst.In))
        plain = _as_equality(test)
        for dimension, kind in (("prompt", "prompt"), ("argument", "argument")):
            literals = _compared_literals(plain, self.subjects, kind)
            if literals is not None:
                return dimension, frozenset(literal_value(lit) for lit in literals), equal
        uri = self.uri_literals(plain)
        return ("uri", uri, equal) if uri is not None else None

    def uri_literals(self, test: cst.Comparison) -> frozenset[str] | None:
        left, right = test.left, test.comparisons[0].comparator
        refs = {self.subjects.ref} | self.subjects.ref_aliases
        if dotted_name(right) in {f"{ref}.uri" for ref in refs}:
            left, right = right, left
        if dotted_name(left) not in {f"{ref}.uri" for ref in refs}:
            return None
        if isinstance(test.comparisons[0].operator, cst.Equal) and isinstance(right, cst.SimpleString):
            return frozenset({literal_value(right)})
        return None

    def returned(self, value: cst.BaseExpression | None, path: _Path) -> None:
        if value is None or (isinstance(value, cst.Name) and value.value == "None"):
            return
        values_node = self.values_node(value)
        if values_node is None:
            self.failed = True
            return
        read = self.values(values_node, 0)
        if isinstance(read, dict):
            for argument, values in sorted(read.items()):
                self.record(path.narrowed("argument", frozenset({argument}), True), values, values_node, keyed=True)
        else:
            self.record(path, read, values_node)

    def values_node(self, value: cst.BaseExpression) -> cst.BaseExpression | None:
        """The ``values`` of the ``Completion(...)`` a return builds (also inside
        ``CompleteResult(completion=...)``); fastmcp 4 handlers may return the list itself."""
        for node in walk(value, into_nested_scopes=False):
            if isinstance(node, cst.Call) and (dotted_name(node.func) or "").rsplit(".", 1)[-1] == "Completion":
                return _values_argument(node)
        return value if self.handler.capped else None

    def record(self, path: _Path, values, node: cst.CSTNode, keyed: bool = False) -> None:
        if values == ():
            return  # nothing advertised
        if values is not None and self.handler.capped:
            values = values[:MAX_VALUES]
        arguments = path.allow("argument")
        prompts, uris = path.allow("prompt"), path.allow("uri")
        if path.vague or (arguments is None and path.exclude("argument")) or (prompts is None and path.exclude("prompt")) \
                or (uris is None and path.exclude("uri")) or (prompts is not None and uris is not None):
            self.failed = True  # "any name but these" cannot be written as pairs
            return
        refs = [("prompt", name) for name in sorted(prompts or ())] + \
            [("resource_template", name) for name in sorted(uris or ())]
        if not refs:
            refs = [(path.ref or ANY, ANY)]
        for ref, name in refs:
            for argument in sorted(arguments) if arguments is not None else [ANY]:
                self.found.append(Advertised(ref, name, argument, values, node))

    def values(self, expr: cst.BaseExpression, depth: int):
        """A tuple of strings, a dict of them by argument name, or None (unknown)."""
        if depth > _DEPTH:
            return None
        if isinstance(expr, (cst.List, cst.Tuple)):
            value = self.evaluator.eval(expr)
            return tuple(value) if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value) else None
        if isinstance(expr, cst.Name):
            return self.name_values(expr.value, depth)
        if isinstance(expr, cst.Call):
            return self.call_values(expr, depth)
        if isinstance(expr, cst.Subscript) and len(expr.slice) == 1 and isinstance(expr.slice[0].slice, cst.Index) \
                and self.subjects.kind_of(expr.slice[0].slice.value) == "argument":
            return self.keyed(expr.value)
        if isinstance(expr, cst.ListComp):
            return self.filtered(expr, depth)
        return None

    def name_values(self, name: str, depth: int):
        assigned = [small.value for small in walk(self.handler.function.body, into_nested_scopes=False)
                    if isinstance(small, (cst.Assign, cst.AnnAssign, cst.AugAssign)) and small.value is not None
                    and any(isinstance(t, cst.Name) and t.value == name for t in _targets(small))]
        mutated = any(isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)
                      and dotted_name(node.func.value) == name
                      for node in walk(self.handler.function.body, into_nested_scopes=False))
        if mutated or len(assigned) > 1:
            return None
        if assigned:
            return self.values(assigned[0], depth + 1)
        if self.subjects.kind_of(cst.Name(name)) is not None or name in _params(self.handler.function):
            return None
        value = self.evaluator.constant(name)
        if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
            return tuple(value)
        return None

    def call_values(self, call: cst.Call, depth: int):
        name = dotted_name(call.func) or ""
        args = [a.value for a in call.args if a.keyword is None]
        if name in ("list", "tuple") and len(args) == 1 == len(call.args):
            return self.values(args[0], depth + 1)
        if name == "sorted" and len(args) == 1 == len(call.args):
            inner = self.values(args[0], depth + 1)
            if isinstance(inner, dict):
                return {key: tuple(sorted(value)) if value is not None else None for key, value in inner.items()}
            return tuple(sorted(inner)) if inner is not None else None
        if isinstance(call.func, cst.Attribute) and call.func.attr.value == "get" and args \
                and self.subjects.kind_of(args[0]) == "argument" and len(call.args) <= 2:
            default = self.values(call.args[1].value, depth + 1) if len(call.args) == 2 else ()
            return self.keyed(call.func.value) if default == () else None
        return None

    def keyed(self, expr: cst.BaseExpression):
        """``D[argument.name]`` / ``D.get(argument.name, [])``: D's lists by argument name."""
        value = self.evaluator.eval(expr)
        if not isinstance(value, dict) or not all(
                isinstance(k, str) and isinstance(v, (list, tuple)) and all(isinstance(s, str) for s in v)
                for k, v in value.items()):
            return None
        return {key: tuple(items) for key, items in value.items()}

    def filtered(self, comp: cst.ListComp, depth: int):
        """``[v for v in SOURCE if v.startswith(argument.value)]``: SOURCE (an empty typed value
        keeps every element)."""
        clause = comp.for_in
        if clause.inner_for_in is not None or not isinstance(clause.target, cst.Name) \
                or dotted_name(comp.elt) != clause.target.value:
            return None
        if not all(self.keeps_all(condition.test, clause.target.value) for condition in clause.ifs):
            return None
        return self.values(clause.iter, depth + 1)

    def keeps_all(self, test: cst.BaseExpression, variable: str) -> bool:
        """Whether a filter passes every element when the typed value is empty:
        ``v.startswith(value)`` or ``value in v`` (either side may be ``.lower()``-ed)."""
        typed = {f"{arg}.value" for arg in {self.subjects.argument} | self.subjects.argument_aliases}

        def plain(node: cst.BaseExpression) -> str | None:
            if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and not node.args \
                    and node.func.attr.value in ("lower", "casefold", "upper"):
                node = node.func.value
            return dotted_name(node)

        typed |= {t.value for small in walk(self.handler.function.body, into_nested_scopes=False)
                  if isinstance(small, cst.Assign) and plain(small.value) in typed
                  for t in _targets(small) if isinstance(t, cst.Name)}
        if isinstance(test, cst.Call) and isinstance(test.func, cst.Attribute) and test.func.attr.value == "startswith" \
                and len(test.args) == 1:
            return plain(test.func.value) == variable and plain(test.args[0].value) in typed
        if isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and isinstance(test.comparisons[0].operator, cst.In):
            return plain(test.left) in typed and plain(test.comparisons[0].comparator) == variable
        return False


def _targets(small) -> list[cst.BaseExpression]:
    if isinstance(small, cst.Assign):
        return [t.target for t in small.targets]
    return [small.target]


def _params(function: cst.FunctionDef) -> set[str]:
    params = function.params
    return {p.name.value for p in list(params.posonly_params) + list(params.params) + list(params.kwonly_params)}
