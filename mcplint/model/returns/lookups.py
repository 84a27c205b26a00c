"""A failed lookup keyed by an argument: ``note = db.get_note(note_id); if not note: return
"Note not found"``. The caller named something that does not exist, a caller error returned
as a success result; an empty search ("No notes found") is a successful answer.
"""

from __future__ import annotations

import re

import libcst as cst

from mcplint.model.module_info import dotted_name, memo_by_node, walk
from mcplint.model.returns.argument_tests import (
    argument_key,
    has_default,
    is_argument_value,
    is_optional,
)
from mcplint.model.returns.statements import leaves, literal_text, statement_lists

LOOKUP_RESULTS = {"str", "content", "messages", "result", "prompt-result"}
#: Wording that says a looked-up thing is missing. "No notes found" (an empty search) is not
#: among them: an empty answer to a query is a successful result.
_LOOKUP_FAILURE = re.compile(r"\bnot found\b|\b(could not|couldn't|cannot|can't|unable to) find\b"
                             r"|\b(does not|doesn't) exist\b|\bno such\b"
                             r"|\bfailed to (retrieve|find|fetch|locate)\b", re.IGNORECASE)
#: "List 'x' is empty or does not exist": the text covers an empty answer, which is a success.
_EMPTY_ANSWER = re.compile(r"\bempty\b", re.IGNORECASE)


def reports_failed_lookup(walker, node: cst.Return, state) -> bool:
    """``note = db.get_note(note_id); if not note: return "Note not found"``: the return serves
    the branch where a lookup keyed by a required argument's value came back empty, and its
    fixed wording says the thing was not found: the caller named something that does not
    exist, a caller error returned as a success result.

    The lookup is the assignment of a local (``x = [await] f(..., arg, ...)``, a function or a
    method such as ``self.db.get_job(job_id)``) that reaches the test: the nearest one before it
    in the same block, else the only one in the function (one per branch of a dispatcher is fine
    when the test follows its own); the branch is the body of ``if not x`` / ``if x is None``, the ``else`` of ``if x``, or the code right
    after ``if x: ... return`` with no ``else``. An optional argument (a filter) is not
    the caller's mistake; an empty search ("No notes found") lacks the wording, and text that
    also allows an empty answer ("is empty or does not exist") may report a success."""
    text = literal_text(node.value) if node.value is not None else ""
    if _EMPTY_ANSWER.search(text):
        return False
    function = getattr(walker, "_function", None) or walker.handler.function
    found = _absent_branch_local(function, node)
    if found is None:
        return False
    local, block, index = found
    call = _reaching_call(block, index, local)
    if call is None:
        call = _only_assigned_call(function, local)
    if call is not None and _fetches_row(call):
        call = _executed_query(function, call)  # `cursor.execute(sql, [table]); row = cursor.fetchone()`
    if call is None or not (_LOOKUP_FAILURE.search(text) or _table_lookup(walker, call)) or _is_search(call, text):
        return False
    for value in _looked_up_values(call):
        if not is_argument_value(walker, value, state):
            continue
        key = argument_key(walker, value, state)
        if key is not None and not is_optional(walker, key, state) and not has_default(walker, key):
            return True
    return False


def _fetches_row(call: cst.Call) -> bool:
    """``cursor.fetchone()``: the row of the query the cursor ran last (DB-API 2.0, PEP 249)."""
    return isinstance(call.func, cst.Attribute) and call.func.attr.value == "fetchone" and not call.args


def _executed_query(function: cst.FunctionDef, fetch: cst.Call) -> cst.Call | None:
    """The nearest ``cursor.execute(sql, params)`` (awaited or not) on the same cursor before
    the statement that fetches: the lookup whose row ``cursor.fetchone()`` hands back, keyed by
    its parameters. None when that block runs none before it."""
    cursor = dotted_name(fetch.func.value)
    for block in statement_lists(function):
        index = next((i for i, statement in enumerate(block) if isinstance(statement, cst.SimpleStatementLine)
                      and any(inner is fetch for inner in walk(statement, into_nested_scopes=False))), None)
        if index is not None:
            return _execute_before(block, index, cursor)
    return None


def _execute_before(block: list, index: int, cursor: str | None) -> cst.Call | None:
    for statement in reversed(block[:index]):
        for small in (statement.body if isinstance(statement, cst.SimpleStatementLine) else ()):
            value = small.value if isinstance(small, cst.Expr) else None
            value = value.expression if isinstance(value, cst.Await) else value
            if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) \
                    and value.func.attr.value == "execute" and cursor is not None \
                    and dotted_name(value.func.value) == cursor:
                return value
    return None


def _looked_up_values(call: cst.Call) -> list[cst.BaseExpression]:
    """The values a lookup call is keyed by: its arguments, the items of a literal parameter
    list or tuple (``cursor.execute(sql, [schema, table])``) among them."""
    values: list[cst.BaseExpression] = []
    for arg in call.args:
        if arg.star:
            continue
        if isinstance(arg.value, (cst.List, cst.Tuple)):
            values.extend(element.value for element in arg.value.elements if isinstance(element, cst.Element))
        else:
            values.append(arg.value)
    return values


#: A search or a listing, not a lookup of one named thing: ``search(query)``, ``list_jobs(owner)``,
#: and text that says nothing matched ("Could not find any jobs matching 'x'", "not found in any
#: job name"): an empty answer to a query is a successful result.
_SEARCH_WORDS = {"search", "searches", "list", "filter", "grep", "findall", "scan"}
_ANY_MATCH = re.compile(r"\b(any|matching|matches)\b", re.IGNORECASE)


def _is_search(call: cst.Call, text: str) -> bool:
    name = dotted_name(call.func) or ""
    words = {w.lower() for w in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", name.rsplit(".", 1)[-1])}
    return bool(words & _SEARCH_WORDS) or bool(_ANY_MATCH.search(text))


def _table_lookup(walker, call: cst.Call) -> bool:
    """``REGIONS.get(region)`` on a dict literal of the project (a module constant): an empty
    answer means the caller sent a value that is no key, whatever the text then says (a
    search or a service call may come back empty for other reasons, so those need the wording)."""
    if not isinstance(call.func, cst.Attribute) or call.func.attr.value != "get" or len(call.args) != 1:
        return False
    table = walker.evaluator.eval(call.func.value)
    return isinstance(table, dict) and bool(table)


def _absent_branch_local(function: cst.FunctionDef, target: cst.Return) -> tuple[str, list, int] | None:
    """(the local whose absence leads to ``target``, the statements of the block holding its
    test, the test's index there): ``if not x:`` / ``if x is None:`` holding it, the ``else`` of
    ``if x:`` / ``if x is not None:``, or the fall-through of such an ``if`` whose body leaves
    (no ``else``). None for any other place. Answered from one index per function
    (:func:`_absent_branches`): a dispatcher of 800 prompts has 800 returns."""
    return memo_by_node(_ABSENT_BRANCHES, function, lambda: _absent_branches(function)).get(id(target))


_ABSENT_BRANCHES: dict = {}


def _absent_branches(function: cst.FunctionDef) -> dict[int, tuple[str, list, int]]:
    """:func:`_absent_branch_local` of every return of ``function`` that has an answer, by the
    return's id: blocks in walk order, the first place that names a local wins (an enclosing
    ``if name == ...`` names none: the inner test decides)."""
    found: dict[int, tuple[str, list, int]] = {}
    for block in statement_lists(function):
        for index, statement in enumerate(block):
            if isinstance(statement, cst.SimpleStatementLine):
                previous = block[index - 1] if index else None
                if isinstance(previous, cst.If) and previous.orelse is None and leaves(previous.body):
                    _record(found, statement.body, _tested_local(previous.test, present=True), block, index - 1)
            elif isinstance(statement, cst.If):
                _record(found, _direct_returns(statement.body), _tested_local(statement.test, present=False),
                        block, index)
                if isinstance(statement.orelse, cst.Else):
                    _record(found, _direct_returns(statement.orelse.body),
                            _tested_local(statement.test, present=True), block, index)
    return found


def _record(found: dict, smalls, local: str | None, block: list, at: int) -> None:
    if local is not None:
        for small in smalls:
            if isinstance(small, cst.Return):
                found.setdefault(id(small), (local, block, at))


def _direct_returns(block: cst.BaseSuite) -> list[cst.BaseSmallStatement]:
    """The small statements of the simple lines directly in ``block``."""
    if not isinstance(block, cst.IndentedBlock):
        return list(block.body)
    return [small for s in block.body if isinstance(s, cst.SimpleStatementLine) for small in s.body]


def _reaching_call(block: list, index: int, local: str) -> cst.Call | None:
    """The call bound to ``local`` by the nearest statement before ``block[index]`` that binds
    it, when that is a plain ``local = [await] f(...)`` line; None when it is anything else or
    no earlier statement of the block binds it."""
    for statement in reversed(block[:index]):
        if isinstance(statement, cst.SimpleStatementLine):
            for small in reversed(statement.body):
                if isinstance(small, cst.Assign) and any(_binds(t.target, local) for t in small.targets):
                    value = small.value.expression if isinstance(small.value, cst.Await) else small.value
                    return value if isinstance(value, cst.Call) else None
                if _binds_otherwise(small, local):
                    return None
        elif _binds_otherwise(statement, local):
            return None
    return None


def _binds_otherwise(node: cst.CSTNode, local: str) -> bool:
    """Something in ``node`` (outside nested scopes) binds ``local``."""
    for inner in walk(node, into_nested_scopes=False):
        targets = [t.target for t in inner.targets] if isinstance(inner, cst.Assign) else \
            [inner.target] if isinstance(inner, (cst.AnnAssign, cst.AugAssign, cst.For, cst.NamedExpr)) else \
            [inner.name] if isinstance(inner, cst.AsName) else []
        if any(isinstance(n, cst.Name) and n.value == local for t in targets for n in walk(t)):
            return True
    return False


def _tested_local(test: cst.BaseExpression, present: bool) -> str | None:
    """``x`` when ``test`` is true exactly when ``x`` is there (``present``) or absent."""
    if isinstance(test, cst.Name):
        return test.value if present else None
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return _tested_local(test.expression, not present)
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and isinstance(test.left, cst.Name) \
            and dotted_name(test.comparisons[0].comparator) == "None":
        operator = test.comparisons[0].operator
        if isinstance(operator, cst.Is):
            return None if present else test.left.value
        if isinstance(operator, cst.IsNot):
            return test.left.value if present else None
    return None


def _only_assigned_call(function: cst.FunctionDef, local: str) -> cst.Call | None:
    """The call ``local`` is bound to when its one binding is ``local = [await] f(...)``."""
    found: list[cst.BaseExpression] = []
    for inner in walk(function.body, into_nested_scopes=False):
        if isinstance(inner, cst.Assign):
            if any(_binds(t.target, local) for t in inner.targets):
                found.append(inner.value)  # `email, attachments = fetch(...)`: the call's result, unpacked
        elif isinstance(inner, (cst.AnnAssign, cst.AugAssign)) and isinstance(inner.target, cst.Name) \
                and inner.target.value == local:
            found.append(inner.value)
        elif isinstance(inner, (cst.For, cst.WithItem, cst.NamedExpr, cst.AsName)):
            if any(isinstance(n, cst.Name) and n.value == local for n in walk(
                    getattr(inner, "target", None) or getattr(inner, "asname", None) or getattr(inner, "name", inner))):
                return None
    if len(found) != 1:
        return None
    value = found[0].expression if isinstance(found[0], cst.Await) else found[0]
    return value if isinstance(value, cst.Call) else None


def _binds(target: cst.BaseExpression, local: str) -> bool:
    """``local = ...`` or ``local, other = ...`` (a flat tuple or list of names)."""
    if isinstance(target, cst.Name):
        return target.value == local
    return isinstance(target, (cst.Tuple, cst.List)) and all(isinstance(e.value, cst.Name) for e in target.elements) \
        and any(e.value.value == local for e in target.elements)
