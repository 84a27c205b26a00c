"""A failed lookup keyed by an argument: ``note = db.get_note(note_id); if not note: return
"Note not found"``. The caller named something that does not exist, a caller error returned
as a success result; an empty search ("No notes found") is a successful answer.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import libcst as cst

from mcplint.model.module_info import dotted_name, memo_by_node, walk
from mcplint.model.returns.argument_tests import (
    argument_key,
    has_default,
    is_argument_value,
    is_optional,
)
from mcplint.model.returns.built_keys import text_parts
from mcplint.model.returns.statements import is_empty_literal, leaves, literal_text, statement_lists

LOOKUP_RESULTS = {"str", "content", "messages", "result", "prompt-result"}
#: Wording that says a looked-up thing is missing. "No notes found" (an empty search) is not
#: among them: an empty answer to a query is a successful result.
_LOOKUP_FAILURE = re.compile(r"\bnot found\b|\b(could not|couldn't|cannot|can't|unable to) find\b"
                             r"|\b(does not|doesn't) exist\b|\bno such\b"
                             r"|\bfailed to (retrieve|find|fetch|locate)\b", re.IGNORECASE)
#: "No project found with key X", "No user with ID 5": nothing under the key the caller named. Unlike
#: "No notes found for tag x" (an empty search), the text names the key of one thing.
_KEYED_ABSENCE = re.compile(r"\bno\s+\w+\s+(found\s+)?(with|for|by|under)\s+(the\s+)?(given\s+|that\s+)?"
                            r"(\w+[\s_])?(key|id|name|identifier|slug|uuid|code)\b", re.IGNORECASE)


def says_key_absent(text: str) -> bool:
    """The text says nothing exists under the key it names ("No project found with key X")."""
    return _KEYED_ABSENCE.search(text) is not None
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
    call = missed_lookup_call(function, node)
    if call is None or not (_LOOKUP_FAILURE.search(text) or says_key_absent(text) or _table_lookup(walker, call)) or _is_search(call, text):
        return False
    return any(key is not None and not is_optional(walker, key, state) and not has_default(walker, key)
               for key in lookup_argument_keys(walker, function, call, state))


def missed_lookup_call(function: cst.FunctionDef, target: cst.Return | cst.Raise) -> cst.Call | None:
    """The lookup call whose empty answer leads to ``target`` (a ``return`` or ``raise``
    directly in the branch): the call bound to the local that ``if not x`` / ``if x is None``
    (or the fall-through after ``if x: ... return``) tests, or the tested call itself
    (``if not store.delete(meal_id):``); None for any other place."""
    found = _absent_branch_local(function, target)
    if found is None:
        return tested_lookup_call(function, target)
    local, block, index = found
    return _reaching_call(block, index, local) or _only_assigned_call(function, local)


def lookup_argument_keys(walker, function: cst.FunctionDef, call: cst.Call, state) -> Iterator[str]:
    """The argument keys whose values key the lookup ``call`` (:func:`lookup_keys`, and the
    values of the query its fetch reads), as far as the walk tracks them."""
    keyed = [part for value in (*lookup_keys(call), *executed_keys(function, call))
             for part in text_parts(function, value)]  # `run(sql)` of `sql = f"... {table} ..."`: table
    for value in keyed:
        if is_argument_value(walker, value, state):
            while argument_key(walker, value, state) is None and isinstance(value, cst.Call) \
                    and isinstance(value.func, cst.Attribute) and not value.args:
                value = value.func.value  # `customer_id.strip().lower()`: a form of that argument
            key = argument_key(walker, value, state)
            if key is not None:
                yield key


def is_search(call: cst.Call, text: str) -> bool:
    """A search or a listing (``search(query)``, "not found in any ..."), not a lookup of one thing."""
    return _is_search(call, text)


def lookup_keys(call: cst.Call) -> Iterator[cst.BaseExpression]:
    """The values a lookup call is keyed by: its arguments (the elements of a literal tuple or
    list of query parameters, ``(incident_id,)``), the arguments of the query it fetches from
    (``conn.execute(sql, (incident_id,)).fetchone()``), and for ``next((p for p in PROJECTS if
    p.key == key), None)`` the values the generator's conditions compare with (the first match
    of a scan is a lookup by that value)."""
    for arg in call.args:
        if arg.star:
            continue
        if dotted_name(call.func) == "next" and isinstance(arg.value, cst.GeneratorExp):
            for clause in walk(arg.value.for_in, into_nested_scopes=False):
                if isinstance(clause, cst.CompIf):
                    yield from _compared_values(clause.test)
            continue
        if isinstance(arg.value, (cst.Tuple, cst.List)):
            yield from (e.value for e in arg.value.elements if isinstance(e, cst.Element))
            continue
        if isinstance(arg.value, cst.Lambda) and dotted_name(call.func) == "filter":
            yield from _compared_values(arg.value.body)  # `filter(lambda u: u.id == user_id, users)`
            continue
        if isinstance(arg.value, cst.Comparison):
            yield from _compared_values(arg.value)  # `.where(User.id == user_id)`
            continue
        if isinstance(arg.value, cst.Call) and _chained_query(arg.value):
            yield from lookup_keys(arg.value)  # `execute(select(User).where(User.id == user_id))`
            continue
        yield arg.value
    if isinstance(call.func, cst.Attribute) and call.func.attr.value in _FETCHES | _QUERY_STEPS \
            and isinstance(call.func.value, cst.Call):
        yield from lookup_keys(call.func.value)


#: Steps of a query built by method calls (SQLAlchemy, Django, peewee): the keys of the step
#: before them key the query too.
_QUERY_STEPS = {"where", "filter", "filter_by", "get", "join", "limit", "order_by", "select_from", "options"}


def _chained_query(call: cst.Call) -> bool:
    """``select(User).where(...)``: a query built by a chain of query steps."""
    return isinstance(call.func, cst.Attribute) and call.func.attr.value in _QUERY_STEPS


#: Methods that fetch the answer of a query run before (DB-API cursors, SQLAlchemy results).
_FETCHES = {"fetchone", "fetchrow", "fetchval", "first", "one_or_none", "scalar", "scalar_one_or_none",
            "scalars", "one"}


def executed_keys(function: cst.FunctionDef, call: cst.Call) -> list[cst.BaseExpression]:
    """``cursor.execute(sql, [query_id])`` then ``row = cursor.fetchone()``: the values of the
    last query run on the same cursor before the fetch (in source order) key the lookup."""
    if not isinstance(call.func, cst.Attribute) or call.func.attr.value not in _FETCHES or call.args \
            or not isinstance(call.func.value, cst.Name):
        return []
    cursor = call.func.value.value
    last = None
    for node in _in_source_order(function.body):
        if node is call:
            break
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) \
                and node.func.attr.value in ("execute", "executemany") and dotted_name(node.func.value) == cursor:
            last = node
    return list(lookup_keys(last)) if last is not None else []


def _in_source_order(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """``node`` and the nodes below it in source order (nested functions not entered)."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        if current is not node and isinstance(current, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        stack.extend(reversed(current.children))


def _compared_values(test: cst.BaseExpression) -> Iterator[cst.BaseExpression]:
    """Both sides of each ``==`` in ``test`` (``p.key == key and p.active``)."""
    for node in walk(test, into_nested_scopes=False):
        if isinstance(node, cst.Comparison) and len(node.comparisons) == 1 \
                and isinstance(node.comparisons[0].operator, cst.Equal):
            yield node.left
            yield node.comparisons[0].comparator


def tested_lookup_call(function: cst.FunctionDef, target: cst.Return) -> cst.Call | None:
    """The call whose empty answer leads to ``target`` when the test is the call itself:
    ``if not store.delete_meal(meal_id): return "Meal not found"``, the ``else`` of ``if
    store.delete_meal(meal_id):``, or the code right after such an ``if`` whose body leaves
    (``if delete_meal(db, meal_id): return "Deleted"`` then ``return "Meal not found"``)."""
    return memo_by_node(_ABSENT_CALLS, function, lambda: _absent_call_branches(function)).get(id(target))


_ABSENT_CALLS: dict = {}


def _absent_call_branches(function: cst.FunctionDef) -> dict[int, cst.Call]:
    """:func:`tested_lookup_call` of every return of ``function`` that has an answer."""
    found: dict[int, cst.Call] = {}
    for block in statement_lists(function):
        for index, statement in enumerate(block):
            if isinstance(statement, cst.SimpleStatementLine):
                previous = block[index - 1] if index else None
                if isinstance(previous, cst.If) and previous.orelse is None and leaves(previous.body):
                    _record_call(found, statement.body, _tested_call(previous.test, present=True))
            elif isinstance(statement, cst.If):
                _record_call(found, _direct_returns(statement.body), _tested_call(statement.test, present=False))
                if isinstance(statement.orelse, cst.Else):
                    _record_call(found, _direct_returns(statement.orelse.body),
                                 _tested_call(statement.test, present=True))
    return found


def _record_call(found: dict, smalls, call: cst.Call | None) -> None:
    if call is not None:
        for small in smalls:
            if isinstance(small, (cst.Return, cst.Raise)):
                found.setdefault(id(small), call)


def _tested_call(test: cst.BaseExpression, present: bool) -> cst.Call | None:
    """The call when ``test`` is true exactly when its answer is there (``present``: ``f(x)``)
    or empty (``not f(x)``, ``f(x) is None``)."""
    if isinstance(test, cst.NamedExpr):
        test = test.value  # `if not (user := db.get_user(user_id)):`: the call it binds
    if isinstance(test, cst.Await):
        test = test.expression
    if isinstance(test, cst.Call):
        return test if present and dotted_name(test.func) not in _NOT_LOOKUPS else None
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return _tested_call(test.expression, not present)
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1 \
            and dotted_name(test.comparisons[0].comparator) == "None" \
            and isinstance(test.comparisons[0].operator, (cst.Is, cst.IsNot)):
        absent_when_true = isinstance(test.comparisons[0].operator, cst.Is)
        return _tested_call(test.left, present=True) if absent_when_true != present else None
    emptied = _emptiness_of_walrus(test)
    if emptied is not None:  # `if len(rows := db.find(sku)) == 0:`
        return _tested_call(emptied[0], present=True) if emptied[1] != present else None
    return None


def _emptiness_of_walrus(test: cst.BaseExpression) -> tuple[cst.BaseExpression, bool] | None:
    """(the bound value, whether ``test`` is true when it is empty) of ``len(x := f(...)) == 0``."""
    if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
        return None
    measured = _len_argument(test.left)
    if not isinstance(measured, cst.NamedExpr):
        return None
    renamed = test.with_changes(left=test.left.with_changes(args=[cst.Arg(value=cst.Name("_bound"))]))
    emptied = emptiness_of(renamed)
    return (measured.value, emptied[1]) if emptied is not None else None


#: Calls that test a value rather than look something up.
_NOT_LOOKUPS = {"isinstance", "hasattr", "callable", "bool", "len", "any", "all", "issubclass"}


#: A search or a listing, not a lookup of one named thing: ``search(query)``, ``list_jobs(owner)``,
#: and text that says nothing matched ("Could not find any jobs matching 'x'", "not found in any
#: job name"): an empty answer to a query is a successful result.
_SEARCH_WORDS = {"search", "searches", "list", "filter", "grep", "findall"}
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
            if isinstance(small, (cst.Return, cst.Raise)):
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
                    return _as_lookup_call(value)
                if _binds_otherwise(small, local):
                    return None
        elif isinstance(statement, cst.Try) and _binds_otherwise(statement, local):
            return _tried_call(statement, local)
        elif _binds_otherwise(statement, local):
            return None
    return None


def _tried_call(statement: cst.Try, local: str) -> cst.Call | None:
    """``try: results = lg.player_details(name)`` / ``except Exception: results = None``: the
    call the ``try`` body binds ``local`` to, when each ``except`` clause only empties it
    (``None``, ``[]``, ``{}``) or leaves, and no ``else``/``finally`` binds it: an empty answer
    or a failed lookup both reach the test after the ``try``."""
    if not isinstance(statement.body, cst.IndentedBlock) or any(
            part is not None and _binds_otherwise(part, local) for part in (statement.orelse, statement.finalbody)):
        return None
    for handler in statement.handlers:
        for small in walk(handler.body, into_nested_scopes=False):
            if isinstance(small, cst.Assign) and any(_binds(t.target, local) for t in small.targets) \
                    and not (dotted_name(small.value) == "None" or is_empty_literal(small.value)):
                return None
            if not isinstance(small, cst.Assign) and type(small) in _OTHER_BINDINGS and _binds_otherwise(small, local):
                return None
    return _reaching_call(list(statement.body.body), len(statement.body.body), local)


_OTHER_BINDINGS = (cst.AugAssign, cst.AnnAssign, cst.For, cst.NamedExpr, cst.AsName, cst.WithItem)


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
    """``x`` when ``test`` is true exactly when ``x`` is there (``present``) or absent: ``x``,
    ``not x``, ``x is None``, and the emptiness of what it holds (:func:`emptiness_of`)."""
    if isinstance(test, cst.Name):
        return test.value if present else None
    emptied = emptiness_of(test)
    if emptied is not None:
        return emptied[0] if emptied[1] != present else None
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


def emptiness_of(test: cst.BaseExpression) -> tuple[str, bool] | None:
    """(``x``, whether ``test`` is true when the answer held by ``x`` is empty) for the other
    spellings of an empty answer: ``len(x) == 0`` (``< 1``, ``not len(x)``), ``len(x) > 0``,
    and the rows of a query result, ``not res.rows`` / ``not res["items"]`` / ``len(res.rows)
    == 0``. None for anything else."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        held = _held_by(_len_argument(test.expression) or test.expression, allow_plain=False) \
            if not isinstance(test.expression, cst.Name) else None
        return (held, True) if held is not None else None
    if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
        return None
    measured = _len_argument(test.left)
    held = _held_by(measured, allow_plain=True) if measured is not None else None
    bound = test.comparisons[0].comparator
    if held is None or not isinstance(bound, cst.Integer):
        return None
    operator, number = test.comparisons[0].operator, int(bound.value)
    if (isinstance(operator, cst.Equal) and number == 0) or (isinstance(operator, cst.LessThan) and number == 1):
        return held, True
    if (isinstance(operator, cst.GreaterThan) and number == 0) or (isinstance(operator, cst.NotEqual) and number == 0) \
            or (isinstance(operator, cst.GreaterThanEqual) and number == 1):
        return held, False
    return None


def _len_argument(node: cst.BaseExpression) -> cst.BaseExpression | None:
    """``x`` of ``len(x)``."""
    if isinstance(node, cst.Call) and dotted_name(node.func) == "len" and len(node.args) == 1 and not node.args[0].star:
        return node.args[0].value
    return None


#: Fields of a query's result that hold its rows.
_ROW_FIELDS = {"rows", "items", "results", "records", "data", "hits", "matches", "entries", "values"}


def _held_by(node: cst.BaseExpression | None, allow_plain: bool) -> str | None:
    """The local whose answer ``node`` is: ``x`` itself (when ``allow_plain``), or its rows
    (``x.rows``, ``x["items"]``)."""
    if isinstance(node, cst.Name):
        return node.value if allow_plain else None
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.attr.value in _ROW_FIELDS:
        return node.value.value
    if isinstance(node, cst.Subscript) and isinstance(node.value, cst.Name) and len(node.slice) == 1 \
            and isinstance(node.slice[0].slice, cst.Index) and isinstance(node.slice[0].slice.value, cst.SimpleString) \
            and node.slice[0].slice.value.evaluated_value in _ROW_FIELDS:
        return node.value.value
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
    return _as_lookup_call(value)


def _as_lookup_call(value: cst.BaseExpression) -> cst.Call | None:
    """The lookup a bound value makes: a call, or a scan kept as a list (``[u for u in USERS if
    u["id"] == user_id]``, ``list(filter(lambda u: u.id == user_id, users))``), which is the
    first match of the scan read as a list: ``next((...), None)`` for :func:`lookup_keys`."""
    if isinstance(value, cst.Call) and dotted_name(value.func) in ("list", "tuple") and len(value.args) == 1:
        value = _filter_as_scan(value.args[0].value) or value
    if isinstance(value, (cst.ListComp, cst.GeneratorExp)) and _scan_tests(value):
        return cst.Call(func=cst.Name("next"), args=[cst.Arg(value=cst.GeneratorExp(elt=value.elt, for_in=value.for_in))])
    return value if isinstance(value, cst.Call) else None


def _filter_as_scan(node: cst.BaseExpression) -> cst.GeneratorExp | None:
    """``filter(lambda u: u.id == user_id, users)`` as ``(u for u in users if u.id == user_id)``."""
    if not isinstance(node, cst.Call) or dotted_name(node.func) != "filter" or len(node.args) != 2:
        return None
    test, items = node.args[0].value, node.args[1].value
    if not isinstance(test, cst.Lambda) or len(test.params.params) != 1:
        return None
    item = test.params.params[0].name
    return cst.GeneratorExp(elt=item, for_in=cst.CompFor(target=item, iter=items, ifs=[cst.CompIf(test=test.body)]))


def _scan_tests(node: cst.ListComp | cst.GeneratorExp) -> bool:
    """The comprehension has an ``if`` clause (it filters, rather than maps, what it scans)."""
    return any(isinstance(inner, cst.CompIf) for inner in walk(node.for_in, into_nested_scopes=False))


def _binds(target: cst.BaseExpression, local: str) -> bool:
    """``local = ...`` or ``local, other = ...`` (a flat tuple or list of names)."""
    if isinstance(target, cst.Name):
        return target.value == local
    return isinstance(target, (cst.Tuple, cst.List)) and all(isinstance(e.value, cst.Name) for e in target.elements) \
        and any(e.value.value == local for e in target.elements)


#: Exceptions that say a lookup found nothing: a missing key or index, and the ``NotFound``
#: classes of client libraries and ORMs (``ItemNotFound``, ``NotFoundError``, ``DoesNotExist``).
_MISSING_KEY_ERRORS = {"KeyError", "LookupError", "IndexError"}
_NOT_FOUND_CLASS = re.compile(r"NotFound|DoesNotExist|NoResultFound|NoSuchKey")


def caught_failed_lookup(walker, clause: cst.ExceptHandler | None, value: cst.BaseExpression | None, state) -> bool:
    """``try: return f"Info: {STUDENTS[name]}"`` / ``except KeyError: return "Student not
    found"``: the clause catches the failure of a lookup keyed by a required argument (a
    subscript for ``KeyError``/``IndexError``, any call for a ``NotFound`` class) in its ``try``
    body, and the returned text says the thing was not found: the caller named something that
    does not exist, as for :func:`reports_failed_lookup`."""
    if clause is None or value is None or clause.type is None:
        return False
    text = literal_text(value)
    if not (_LOOKUP_FAILURE.search(text) or says_key_absent(text)) or _EMPTY_ANSWER.search(text):
        return False
    caught = {(dotted_name(node) or "").rsplit(".", 1)[-1] for node in walk(clause.type)
              if isinstance(node, (cst.Name, cst.Attribute))}
    by_key = bool(caught & _MISSING_KEY_ERRORS)
    by_call = any(_NOT_FOUND_CLASS.search(name) for name in caught)
    body = _try_body_of(getattr(walker, "_function", None) or walker.handler.function, clause)
    if body is None or not (by_key or by_call):
        return False
    keys: list[cst.BaseExpression] = []
    for node in walk(body, into_nested_scopes=False):
        if by_key and isinstance(node, cst.Subscript) and len(node.slice) == 1 \
                and isinstance(node.slice[0].slice, cst.Index) and not walker.is_mapping(node.value, state):
            keys.append(node.slice[0].slice.value)
        elif by_call and isinstance(node, cst.Call):
            keys.extend(lookup_keys(node))
    return any(_required_argument(walker, key, state) for key in keys)


def _required_argument(walker, value: cst.BaseExpression, state) -> bool:
    if not is_argument_value(walker, value, state):
        return False
    key = argument_key(walker, value, state)
    return key is not None and not is_optional(walker, key, state) and not has_default(walker, key)


def _try_body_of(function: cst.FunctionDef, clause: cst.ExceptHandler) -> cst.BaseSuite | None:
    """The body of the ``try`` that ``clause`` belongs to."""
    for node in walk(function.body, into_nested_scopes=False):
        if isinstance(node, cst.Try) and any(handler is clause for handler in node.handlers):
            return node.body
    return None
