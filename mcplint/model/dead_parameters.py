"""Parameters whose value no code of the function ever reads: dead on entry.

A parameter is dead on entry when, on every path through the function body, the name is
bound anew before anything loads it: ``include_closed = SETTINGS.include_closed_by_default``
as the first statement, or ``for language in detect_languages(diff):`` over the parameter's
own name before its only read. The caller's value reaches nothing, although the body names
the parameter (so a plain "is the name used" test finds it used).

The judgement is a backward-free, path-wise walk of the statements (a reaching-definitions
view of one name): each statement either may load the name before binding it (the parameter
is live: done), binds it on every path through it (dead from there on), or leaves it as it
was. Conservative by construction: any mention of the name that is not a plain binding (a
nested function or lambda naming it, ``del``, ``global``, an augmented assignment, a ``match``
pattern, a ``:=``) counts as a read, and so does a read on any one path. A ``for`` loop whose
target is the name binds it (the caller's value survives only an empty loop: a loop variable
that shadows the parameter is the defect); a ``while`` body, an ``except`` clause or a
``case`` may not run, so a binding there leaves the name as it was. A function that reads its
locals dynamically (``locals()``, ``vars()``, ``eval``/``exec``) keeps every parameter.
"""

from __future__ import annotations

from enum import Enum

import libcst as cst

from mcplint.model.module_info import fast_children, memo_by_node, suite_statements

_DYNAMIC = frozenset({"locals", "vars", "eval", "exec", "globals"})


class _Flow(Enum):
    READ = "read"  # some path may load the name before binding it
    BOUND = "bound"  # every path binds the name (or leaves the function) before loading it
    OPEN = "open"  # some path leaves the name as it was, none loads it


def overwritten_parameter(function: cst.FunctionDef, name: str) -> cst.CSTNode | None:
    """The statement that first overwrites parameter ``name`` of ``function`` when the
    parameter is dead on entry (see the module docstring); None when some path may read the
    caller's value, when nothing binds it (a parameter never named is another finding), or
    when the function reads its locals dynamically."""
    return memo_by_node(_OVERWRITTEN, function, lambda: _find_overwritten(function, name), extra=name, limit=256)


_OVERWRITTEN: dict = {}


def _find_overwritten(function: cst.FunctionDef, name: str) -> cst.CSTNode | None:
    if not isinstance(function.body, cst.IndentedBlock) or _reads_locals_dynamically(function):
        return None
    walk = _Walk(name)
    return walk.first_binding if walk.block(suite_statements(function.body)) is _Flow.BOUND else None


def overwritten_after(function: cst.FunctionDef, statement: cst.CSTNode, name: str) -> cst.CSTNode | None:
    """The statement that overwrites local ``name`` after ``statement`` (one that assigns it,
    ``language = args.get("language")``) before anything loads it, on every path through the
    rest of the block that holds ``statement``: the value ``statement`` assigned reaches
    nothing. None when some path may load it first, when the rest of that block does not bind
    it on every path, or when the function reads its locals dynamically."""
    if not isinstance(function.body, cst.IndentedBlock) or _reads_locals_dynamically(function):
        return None
    rest = _statements_after(function, statement)
    if rest is None:
        return None
    walk = _Walk(name)
    return walk.first_binding if walk.block(rest) is _Flow.BOUND else None


def _statements_after(function: cst.FunctionDef, statement: cst.CSTNode) -> list | None:
    """The statements after ``statement`` in the statement list that holds it (searched
    through compound statements, not into nested functions or classes); None if not found."""
    found = _statement_places(function).get(id(statement))
    if found is None or found[0][found[1]] is not statement:
        return None
    body, index = found
    return list(body[index + 1:])


def _statement_places(function: cst.FunctionDef) -> dict[int, tuple]:
    """Every statement list of ``function``'s body (compound statements entered, nested
    functions and classes not): statement id -> (the list, its index). Once per function: a
    handler asks once per read it holds."""
    return memo_by_node(_PLACES, function, lambda: _collect_places(function.body), limit=256)


_PLACES: dict = {}


def _collect_places(block: cst.CSTNode) -> dict[int, tuple]:
    places: dict[int, tuple] = {}
    stack = [block]
    while stack:
        node = stack.pop()
        body = getattr(node, "body", None)
        if isinstance(body, (list, tuple)):
            for index, child in enumerate(body):
                places[id(child)] = (body, index)
        for child in fast_children(node, tokens=False):
            if not isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.BaseExpression)):
                stack.append(child)
    return places


def _reads_locals_dynamically(function: cst.FunctionDef) -> bool:
    """``locals()``, ``vars()``, ``eval``/``exec`` or ``globals`` named anywhere in ``function``."""
    return memo_by_node(_DYNAMIC_MEMO, function, lambda: _mentions_any(function.body, _DYNAMIC), limit=256)


_DYNAMIC_MEMO: dict = {}


class _Walk:
    """One name's flow through a function body; remembers the first binding statement met."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.first_binding: cst.CSTNode | None = None

    def block(self, statements) -> _Flow:
        """The flow of a statement sequence: the first statement that reads or binds decides."""
        for statement in statements:
            flow = self.statement(statement)
            if flow is not _Flow.OPEN:
                return flow
        return _Flow.OPEN

    def statement(self, statement: cst.CSTNode) -> _Flow:
        if isinstance(statement, cst.SimpleStatementLine):
            return self.block(statement.body)
        if isinstance(statement, (cst.Assign, cst.AnnAssign)):
            return self._assign(statement)
        if isinstance(statement, (cst.Break, cst.Continue)):
            return _Flow.READ  # the next pass of the loop may read the value: kept
        if isinstance(statement, (cst.Return, cst.Raise)):
            return _Flow.READ if self._mentions(statement) else _Flow.BOUND  # the path ends unread
        if isinstance(statement, cst.If):
            return self._if(statement)
        if isinstance(statement, cst.For):
            return self._for(statement)
        if isinstance(statement, cst.With):
            return self._with(statement)
        if isinstance(statement, cst.Try):
            return self._try(statement)
        if isinstance(statement, (cst.While, cst.Match, cst.TryStar)):
            return _Flow.READ if self._mentions(statement) else _Flow.OPEN
        if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
            return _Flow.READ if self._mentions(statement) or statement.name.value == self.name else _Flow.OPEN
        return _Flow.READ if self._mentions(statement) else _Flow.OPEN  # expressions, del, global, import...

    def _assign(self, statement: cst.Assign | cst.AnnAssign) -> _Flow:
        """``name = value`` (also ``a = name = value``, ``name, other = value``, ``name: T =
        value``): the value is evaluated first; a target that only stores the name binds it."""
        value = statement.value
        if value is None:  # `name: T` alone binds nothing
            return _Flow.OPEN
        if self._mentions(value):
            return _Flow.READ
        targets = [t.target for t in statement.targets] if isinstance(statement, cst.Assign) else [statement.target]
        binds = False
        for target in targets:
            stored, loaded = _stored_names(target)
            if self.name in loaded:
                return _Flow.READ  # `name[i] = v`, `name.x = v` load it
            binds = binds or self.name in stored
        return self._bound(statement) if binds else _Flow.OPEN

    def _if(self, statement: cst.If) -> _Flow:
        if self._mentions(statement.test):
            return _Flow.READ
        body = self.block(suite_statements(statement.body))
        orelse = statement.orelse
        if orelse is None:
            other = _Flow.OPEN
        elif isinstance(orelse, cst.If):
            other = self._if(orelse)
        else:
            other = self.block(suite_statements(orelse.body))
        return _join(body, other)

    def _for(self, statement: cst.For) -> _Flow:
        """The iterable is evaluated first; a target of the name binds it on every path that
        reaches a read after the loop except the empty loop (the shadowing defect itself)."""
        if self._mentions(statement.iter):
            return _Flow.READ
        stored, loaded = _stored_names(statement.target)
        if self.name in loaded:
            return _Flow.READ
        if self.name in stored:
            return self._bound(statement)
        body = self.block(suite_statements(statement.body))
        if body is _Flow.READ:
            return _Flow.READ
        if statement.orelse is not None and self.block(suite_statements(statement.orelse.body)) is _Flow.READ:
            return _Flow.READ
        return _Flow.OPEN  # the body may not run

    def _with(self, statement: cst.With) -> _Flow:
        binds = False
        for item in statement.items:
            if self._mentions(item.item):
                return _Flow.READ
            if item.asname is not None:
                stored, loaded = _stored_names(item.asname.name)
                if self.name in loaded:
                    return _Flow.READ
                binds = binds or self.name in stored
        if binds:
            return self._bound(statement)
        return self.block(suite_statements(statement.body))

    def _try(self, statement: cst.Try) -> _Flow:
        """An ``except`` clause may start before anything in the body ran, so it is judged
        from the top; the body's binding holds only when every clause binds or leaves too."""
        body = self.block(suite_statements(statement.body))
        if body is _Flow.READ:
            return _Flow.READ
        flows = [body]
        for handler in statement.handlers:
            if (handler.type is not None and self._mentions(handler.type)):
                return _Flow.READ
            flow = self.block(suite_statements(handler.body))
            if flow is _Flow.READ:
                return _Flow.READ
            flows.append(flow)
        if statement.orelse is not None and body is not _Flow.BOUND:
            flow = self.block(suite_statements(statement.orelse.body))
            if flow is _Flow.READ:
                return _Flow.READ
            flows[0] = flow
        result = _Flow.BOUND if all(flow is _Flow.BOUND for flow in flows) else _Flow.OPEN
        if statement.finalbody is not None:
            final = self.block(suite_statements(statement.finalbody.body))
            if final is _Flow.READ:
                return _Flow.READ
            if final is _Flow.BOUND:
                result = _Flow.BOUND
        return result

    def _bound(self, statement: cst.CSTNode) -> _Flow:
        if self.first_binding is None:
            self.first_binding = statement
        return _Flow.BOUND

    def _mentions(self, node: cst.CSTNode) -> bool:
        return _mentions_any(node, frozenset({self.name}))


def _join(first: _Flow, second: _Flow) -> _Flow:
    """Two alternative paths: a read on either is a read; bound only when both bind."""
    if _Flow.READ in (first, second):
        return _Flow.READ
    return _Flow.BOUND if first is second is _Flow.BOUND else _Flow.OPEN


def _stored_names(target: cst.BaseExpression) -> tuple[set[str], set[str]]:
    """The names an assignment target stores (``a``, ``a, (b, *c)``) and the names it loads
    (``a`` of ``a[i]`` or ``a.x``, names in a subscript's index)."""
    stored: set[str] = set()
    loaded: set[str] = set()
    stack = [target]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Name):
            stored.add(node.value)
        elif isinstance(node, (cst.Tuple, cst.List)):
            stack.extend(element.value for element in node.elements)
        elif isinstance(node, cst.StarredElement):
            stack.append(node.value)
        else:
            loaded.update(names_loaded(node))
    return stored, loaded


def names_loaded(node: cst.CSTNode) -> set[str]:
    """Every bare name ``node`` reads, nested functions and lambdas included: not an
    attribute's own name nor a call's keyword (``labels`` of ``search(labels=...)``)."""
    found: set[str] = set()
    skipped: set[int] = set()
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Attribute):
            skipped.add(id(current.attr))
        elif isinstance(current, cst.Arg) and current.keyword is not None:
            skipped.add(id(current.keyword))
        elif isinstance(current, cst.Name) and id(current) not in skipped:
            found.add(current.value)
        stack.extend(fast_children(current, tokens=False))
    return found


def _mentions_any(node: cst.CSTNode, names: frozenset[str]) -> bool:
    """Whether ``node`` names any of ``names`` other than as an attribute or a keyword
    (nested functions and lambdas included: a closure reads the name when it runs)."""
    return not names_loaded(node).isdisjoint(names)
