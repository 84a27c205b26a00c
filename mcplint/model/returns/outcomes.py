"""Which side of a test finds that the tool's own call failed: ``data["result"] != "success"``,
``not response.ok``, ``response.status_code >= 400``, ``proc.returncode != 0``, ``"error" in
data``, where the tested local is bound only to calls' results (not to an argument value).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from mcplint.model.module_info import dotted_name, exact_types, memo_by_node, walk
from mcplint.model.returns.argument_tests import problem_lists
from mcplint.model.returns.sentinels import failure_sentinel
from mcplint.model.returns.statements import statement_lists
from mcplint.model.returns.verdicts import (VERDICT_FLAGS, action_call, action_participles, names_action,
                                            verdict_flag)

if TYPE_CHECKING:
    from mcplint.model.flow import HandlerWalker, State


# -- which side of a test finds that the tool's own work failed ------------------------------------
#: Keys and attributes that carry the outcome of a call (not the state of a thing it reports on:
#: ``status`` and ``state`` compared with text are left alone, a job's "failed" is data).
_OUTCOME_FLAGS = {"ok", "success", "succeeded", "is_success", "is_ok", "successful"}
#: Locals that name the outcome of the one call they are bound to (``ok = await bucket.upload(...)``):
#: false when the call did not do its work.
#: (Not ``done``/``deleted``/``found``: false there may be an answer, "already done", "not found".)
_OUTCOME_LOCALS = {"ok", "success", "succeeded", "successful", "saved", "sent", "uploaded", "stored", "written",
                   "published", "applied"}
_OUTCOME_RESULTS = {"result", "status_code", "statusCode", "status"}
ERROR_MARKS = {"error", "errors", "is_error", "isError", "failed", "err"}
_SUCCESS_VALUES = {"success", "ok", "succeeded", "successful"}
_EXIT_CODES = {"returncode", "return_code", "exit_code", "exitcode", "exit_status"}
#: Result codes of an API client's answer where 0 is success and anything else an error
#: (``{"code": -1, "error": "Not connected"}``, ``{"errcode": 40001, ...}``), tested as exit codes are.
_RESULT_CODES = {"code", "error_code", "errcode", "err_code", "errno", "ret", "retcode", "ret_code"}
#: Flags of a check's verdict that the checked input was refused (``guard = run_guards(text)``
#: then ``if guard.blocked:``): the side where one is set answers a refused request.
_REFUSAL_FLAGS = {"blocked", "rejected", "denied", "refused"}


def outcome_failure_sides(walker: HandlerWalker, test: cst.BaseExpression, state: State) -> tuple[str | None, str | None]:
    """(the local whose failure the true side handles, likewise for the false side) for a test
    of the outcome of the tool's own call: ``data = await fetch(...)`` then ``if data["result"]
    != "success"``, ``if not response.ok``, ``if response.status_code != 200`` (or ``>= 400``),
    ``if data.get("error")``, ``if result.is_error``. The local is the one assignment of a call
    (not an argument value). ``if response["status"] != 200 or not response["body"]:``: an
    emptiness test of the same result beside a failed outcome fails too."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        true_side, false_side = outcome_failure_sides(walker, test.expression, state)
        return false_side, true_side
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.Or):
        return _either_failed(walker, test, state), None
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And):
        return _refined_failure(walker, test, state), None
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        if isinstance(test.comparisons[0].operator, cst.In) and walker.evaluator.eval(test.left) == "error":
            local, _ = _outcome_access(walker, cst.Subscript(value=test.comparisons[0].comparator, slice=[
                cst.SubscriptElement(slice=cst.Index(value=test.left))]), state)
            return (f"{local}[error]" if local is not None else None), None  # `if "error" in data:`
        return _outcome_comparison(walker, test, state)
    caught = _exception_test(walker, test, state)
    if caught is not None:
        return f"{caught}[exc]", None  # `isinstance(result, Exception)`, `failed = [r for r in rs if isinstance(...)]`
    text_local = _text_answer_test(walker, test, state)
    if text_local is not None:
        return f"{text_local}[str]", None  # `if isinstance(data, str):` a helper answering its failure as text
    if isinstance(test, cst.Name) and test.value not in state.values:
        if test.value in VERDICT_FLAGS and _bound_to_calls(getattr(walker, "_function", None) or walker.handler.function,
                                                          test.value):
            return None, f"{test.value}[verdict]"  # `allowed = acl.can_write(user, path)` then `if not allowed:`
        told = _sentinel_sides(walker, test.value)
        if told != (None, None):
            return told  # `invoice = fetch_invoice(i)` whose failure answers None, then `if not invoice:`
        flagged = _outcome_flag_local(walker, test.value, state)
        if flagged is not None:
            return None, flagged  # `if success:` the false side failed
        if test.value in problem_lists(walker, state):
            return test.value, None  # `violations = validate_dates(start, end)` then `if violations:`
        if not walker.is_mapping(test, state) and _bound_to_calls(
                getattr(walker, "_function", None) or walker.handler.function, test.value):
            return None, f"{test.value}[empty]"  # `event = create(...)` then `if not event:`: judged by its text
    verdict, _ = verdict_flag(test)
    if verdict is not None:  # `if not form.is_valid():` the false side failed
        local = _outcome_access(walker, cst.Attribute(value=verdict, attr=cst.Name("valid")), state)[0]
        return None, (f"{local}[verdict]" if local is not None else None)
    local, key = _outcome_access(walker, test, state)
    if local is None:
        return None, None
    if key in VERDICT_FLAGS:
        return None, f"{local}[verdict]"  # `if not check["valid"]:` the check refused the input
    if key in _OUTCOME_FLAGS:
        return None, local  # `if data["success"]:` the false side failed
    if key in ERROR_MARKS or key in _REFUSAL_FLAGS:
        return local, None  # `if guard.blocked:` the true side failed
    if key in _EXIT_CODES and not _raises_on_failure(walker, local):
        return local, None  # `if proc.returncode:` an exit code is true when the command failed
    return None, None


def _sentinel_sides(walker, name: str) -> tuple[str | None, str | None]:
    """(``name`` when its truth means the helper's work failed, ``name`` when its falsehood
    does) for a local bound once to the value of a project helper that answers its own failure
    with a value (:func:`~.sentinels.failure_sentinel`): ``None``/``False`` on failure (the false
    side failed), the caught exception (the true side), the error slot of a pair unpacked
    into ``name`` (``text, err = convert(...)``: the true side of ``err``), or its outcome flag
    (``writable, why = check_writable(path)``: the false side of ``writable``)."""
    function = getattr(walker, "_function", None) or walker.handler.function
    bindings = _local_bindings(function).get(name)
    if not bindings or len(bindings) != 1:
        return None, None
    target, value = bindings[0]
    sentinel = failure_sentinel(walker, value)
    if isinstance(target, cst.Name) and sentinel in ("falsy", "truthy"):
        return (None, name) if sentinel == "falsy" else (name, None)
    if isinstance(target, cst.Tuple) and isinstance(sentinel, tuple) and sentinel[1] < len(target.elements):
        slot = target.elements[sentinel[1]].value
        if isinstance(slot, cst.Name) and slot.value == name:
            return (name, None) if sentinel[0] == "error" else (None, name)  # `if err:` / `if not ok:`
    return None, None


def _raises_on_failure(walker, local: str) -> bool:
    """``proc = subprocess.run(..., check=True)``: the call raises when the command fails, so a
    test of its exit code is no failure path (the one binding of ``local`` passes ``check=True``)."""
    function = getattr(walker, "_function", None) or walker.handler.function
    bindings = _local_bindings(function).get(local) or []
    for _, value in bindings:
        value = value.expression if isinstance(value, cst.Await) else value
        if isinstance(value, cst.Call) and any(arg.keyword is not None and arg.keyword.value == "check"
                                               and dotted_name(arg.value) == "True" for arg in value.args):
            return True
    return False


def unmatched_outcome_failure(walker: HandlerWalker, node: cst.Match, case: cst.MatchCase, state: State) -> str | None:
    """The local whose call failed on the wildcard ``case _:`` of ``match response.status_code:``
    after a literal case the call's success matches (``case 200:``): every value no case takes is
    a failed outcome, as the false side of ``if response.status_code == 200:`` is. None for any
    other case, subject or pattern."""
    if case is not node.cases[-1] or len(node.cases) < 2 or case.guard is not None \
            or not (isinstance(case.pattern, cst.MatchAs) and case.pattern.pattern is None and case.pattern.name is None):
        return None
    for other in node.cases[:-1]:
        pattern = other.pattern
        values = [e.pattern for e in pattern.patterns] if isinstance(pattern, cst.MatchOr) else [pattern]
        for value in values:
            if other.guard is not None or not isinstance(value, cst.MatchValue):
                continue
            test = cst.Comparison(left=node.subject, comparisons=[
                cst.ComparisonTarget(operator=cst.Equal(), comparator=value.value)])
            failed = outcome_failure_sides(walker, test, state)[1]
            if failed is not None and "[" not in failed:
                return failed
    return None


def _exception_test(walker, test: cst.BaseExpression, state) -> str | None:
    """The local a test finds holding the failure of the tool's own work as an exception object:
    ``isinstance(result, Exception)`` of a local bound to a call's value (``gather(...,
    return_exceptions=True)`` hands failures back that way), or a local kept as the list of
    such values, ``failures = [r for r in results if isinstance(r, BaseException)]`` then ``if
    failures:`` (its truth: some of the work failed)."""
    if isinstance(test, cst.Call):
        local = _isinstance_of_exception(test)
        function = getattr(walker, "_function", None) or walker.handler.function
        bindings = _local_bindings(function).get(local)
        called = bindings is not None and all(
            isinstance(v.expression if isinstance(v, cst.Await) else v, cst.Call) for _, v in bindings)
        if local is not None and local not in state.values and (called or bindings is None and _loop_variable(function, local)):
            return local  # a call's value (`(result,) = await gather(...)` too), or a loop variable
        return None
    if not isinstance(test, cst.Name) or test.value in state.values:
        return None
    function = getattr(walker, "_function", None) or walker.handler.function
    bindings = _local_bindings(function).get(test.value)
    if not bindings or len(bindings) != 1:
        return None
    value = bindings[0][1]
    if isinstance(value, (cst.ListComp, cst.SetComp)) and value.for_in.ifs and value.for_in.inner_for_in is None \
            and any(_isinstance_of_exception(cond.test) is not None for cond in value.for_in.ifs):
        return test.value
    return None


def _loop_variable(function: cst.FunctionDef, local: str) -> bool:
    """``local`` is bound by a ``for`` loop of ``function`` (over gathered results), not by an
    ``except ... as`` clause, whose exception is judged as the clause it is caught in."""
    names = set()
    for node in walk(function.body, into_nested_scopes=False):
        if isinstance(node, cst.For):
            names |= {n.value for n in walk(node.target) if isinstance(n, cst.Name)}
        elif isinstance(node, cst.ExceptHandler) and node.name is not None and isinstance(node.name.name, cst.Name):
            if node.name.name.value == local:
                return False
    return local in names


def _isinstance_of_exception(test: cst.BaseExpression) -> str | None:
    """``x`` of ``isinstance(x, Exception)`` (or any class named ``...Exception`` / ``...Error``)."""
    if not isinstance(test, cst.Call) or dotted_name(test.func) != "isinstance" or len(test.args) != 2 \
            or not isinstance(test.args[0].value, cst.Name):
        return None
    kinds = test.args[1].value
    names = [dotted_name(e.value) for e in kinds.elements] if isinstance(kinds, cst.Tuple) else [dotted_name(kinds)]
    if not names or not all(n and n.rpartition(".")[2].endswith(("Exception", "Error")) for n in names):
        return None
    return test.args[0].value.value


def _text_answer_test(walker, test: cst.BaseExpression, state) -> str | None:
    """``isinstance(data, str)`` on the one result of a call (``data = await fetch(...)``): a
    helper that answers data as a dict or list and its failure as a message. Which side failed
    is told by the wording of what the branch returns (:func:`~.sites._classify`)."""
    if not isinstance(test, cst.Call) or dotted_name(test.func) != "isinstance" or len(test.args) != 2 \
            or dotted_name(test.args[1].value) != "str" or not isinstance(test.args[0].value, cst.Name):
        return None
    local = test.args[0].value
    if local.value in state.values or walker.is_mapping(local, state):
        return None
    function = getattr(walker, "_function", None) or walker.handler.function
    return local.value if _bound_to_calls(function, local.value) else None


def _either_failed(walker, test: cst.BooleanOperation, state) -> str | None:
    """The local of ``failed or empty``: one operand's true side is a failed outcome of the
    local, the other one too or an emptiness test of the same local (``not data["body"]``)."""
    left = outcome_failure_sides(walker, test.left, state)[0]
    right = outcome_failure_sides(walker, test.right, state)[0]
    if left is not None and (right == left or _empty_test_of(walker, test.right, left, state)):
        return left
    if right is not None and _empty_test_of(walker, test.left, right, state):
        return right
    return None


def _refined_failure(walker, test: cst.BooleanOperation, state) -> str | None:
    """The local of ``"errors" in data and data["errors"]``: one operand's true side is a failed
    outcome of the local, and the other only tests the same local further (a second error test,
    ``data is not None``, ``data.get("errors")``); both hold on the true side, so it failed.
    A second operand about anything else (an argument, a flag) makes the side no failure of
    the call alone: None."""
    left = outcome_failure_sides(walker, test.left, state)[0]
    right = outcome_failure_sides(walker, test.right, state)[0]
    for found, other in ((left, test.right), (right, test.left)):
        if found is None:
            continue
        local = found.partition("[")[0]
        if other is test.right and right is not None and right.partition("[")[0] == local:
            return right if not right.endswith("]") else found  # the plainer of the two tests
        if _only_mentions(other, local):
            return found
    return None


def _only_mentions(test: cst.BaseExpression, local: str) -> bool:
    """Every name ``test`` reads is ``local`` (``data``, ``data.get("errors")``, ``data is not
    None``), or ``test`` asks the local's type (``isinstance(data, dict)``)."""
    if isinstance(test, cst.Call) and dotted_name(test.func) == "isinstance" and len(test.args) == 2 \
            and dotted_name(test.args[0].value) == local:
        return True
    names = [node.value for node in walk(test, into_nested_scopes=False) if isinstance(node, cst.Name)]
    attributes = {id(node.attr) for node in walk(test, into_nested_scopes=False) if isinstance(node, cst.Attribute)}
    read = [node.value for node in walk(test, into_nested_scopes=False)
            if isinstance(node, cst.Name) and id(node) not in attributes and node.value != "None"]
    return bool(names) and bool(read) and all(name == local for name in read)


def _empty_test_of(walker, test: cst.BaseExpression, local: str, state) -> bool:
    """``not local``, ``not local["k"]``, ``not local.get("k")``, ``not local.k``."""
    if not isinstance(test, cst.UnaryOperation) or not isinstance(test.operator, cst.Not):
        return False
    inner = test.expression
    if isinstance(inner, cst.Name):
        return inner.value == local
    return _outcome_access(walker, inner, state)[0] == local


#: memo of _local_bindings, by function
_BINDINGS: dict = {}


def _local_bindings(function: cst.FunctionDef) -> dict[str, list | None]:
    """Each name bound in ``function``'s own body -> the (target, value) of its plain
    assignments, or None when something else binds it too (``+=``, ``for``, ``:=``, ``as``,
    an annotated assignment). One walk per function, kept for the last few functions."""
    return memo_by_node(_BINDINGS, function, lambda: _find_local_bindings(function))


#: What else binds a name in a function (``type(node) in``: see module_info.exact_types).
_OTHER_BINDERS = exact_types(cst.AnnAssign, cst.AugAssign, cst.For, cst.NamedExpr, cst.AsName)
_TARGET_BINDERS = exact_types(cst.AnnAssign, cst.AugAssign, cst.For, cst.NamedExpr)


def _find_local_bindings(function: cst.FunctionDef) -> dict[str, list | None]:
    found: dict[str, list | None] = {}
    for inner in walk(function.body, into_nested_scopes=False):
        kind = type(inner)  # not isinstance: see module_info.exact_types (every node of the function)
        if kind is cst.Assign:
            for target in inner.targets:
                for name in {node.value for node in walk(target.target) if isinstance(node, cst.Name)}:
                    if found.get(name, []) is not None:
                        found.setdefault(name, []).append((target.target, inner.value))
        elif kind in _OTHER_BINDERS:
            target = getattr(inner, "target", None) or getattr(inner, "name", None)
            for node in walk(target) if target is not None else ():
                if isinstance(node, cst.Name):
                    found[node.value] = None
    return found


def _outcome_flag_local(walker, name: str, state, explicit: bool = False) -> str | None:
    """The call result whose outcome flag ``name`` holds: ``success = bool(result.get("success"))``
    or ``ok = response.ok`` (its one binding), or ``success, output = backend.run(command)`` (a
    flag-named local unpacked from a call's result). None for anything else."""
    function = getattr(walker, "_function", None) or walker.handler.function
    bindings = _local_bindings(function).get(name, [])
    if bindings and name in _OUTCOME_LOCALS and all(_bound_to_own_call(walker, t, v, state) for t, v in bindings):
        return name  # `ok = await bucket.upload(key, data)` (once per branch): the call's own answer
    if bindings is None or len(bindings) != 1:
        return None
    target, value = bindings[0]
    value = value.expression if isinstance(value, cst.Await) else value
    if isinstance(target, cst.Tuple):
        flags = _OUTCOME_FLAGS | _PAIR_FLAGS if explicit else _OUTCOME_FLAGS  # `status` may be an exit code
        return name if name in flags and isinstance(value, cst.Call) else None
    if isinstance(value, cst.Call) and dotted_name(value.func) == "bool" and len(value.args) == 1:
        value = value.args[0].value
    local, key = _outcome_access(walker, value, state)
    return local if local is not None and key in _OUTCOME_FLAGS else None


def _bound_to_own_call(walker, target: cst.BaseExpression, value: cst.BaseExpression, state) -> bool:
    """``ok = [await] store.put(...)``: a plain name bound to a call's own answer (not to a
    field of another result, ``ok = resp.get("ok")``, which :func:`_outcome_access` reads)."""
    value = value.expression if isinstance(value, cst.Await) else value
    return isinstance(target, cst.Name) and isinstance(value, cst.Call) and not _outcome_access(walker, value, state)[0]


#: Names that hold a call's outcome flag only when unpacked from its answer with the data beside
#: them (``status, result = client.get_doc(...)``) and compared with ``True``/``False``: alone, a
#: ``status`` is the state of a thing, and tested for truth it may be an exit code
#: (``status, out = subprocess.getstatusoutput(cmd)``, where 0 is success).
_PAIR_FLAGS = {"status", "passed", "succeeded", "successful"}


def outcome_partners(walker, flag: str) -> set[str]:
    """``ok, data = client.get(...)`` (or ``status, message = ...``) where ``flag`` is the outcome
    flag: the names unpacked beside it, which on the failed side hold the failure's message (its
    text, as a caught exception's is); empty for a flag bound any other way."""
    function = getattr(walker, "_function", None) or walker.handler.function
    bindings = _local_bindings(function).get(flag, [])
    if not bindings or len(bindings) != 1 or not isinstance(bindings[0][0], cst.Tuple):
        return set()
    return {el.value.value for el in bindings[0][0].elements
            if isinstance(el.value, cst.Name) and el.value.value != flag}


def _outcome_comparison(walker, test: cst.Comparison, state) -> tuple[str | None, str | None]:
    operator = test.comparisons[0].operator
    flag = dotted_name(test.comparisons[0].comparator)
    if isinstance(test.left, cst.Name) and flag in ("True", "False") and isinstance(operator, (cst.Is, cst.Equal)) \
            and test.left.value not in state.values:
        failed = _outcome_flag_local(walker, test.left.value, state, explicit=True)  # `if status == False:`
        return (None, failed) if flag == "True" else (failed, None)
    if isinstance(operator, (cst.In, cst.NotIn)):
        return _error_entry_test(walker, test, state)
    if isinstance(operator, (cst.Is, cst.IsNot)) and dotted_name(test.comparisons[0].comparator) == "None" \
            and isinstance(test.left, cst.Name):
        told = _sentinel_sides(walker, test.left.value) if test.left.value not in state.values else (None, None)
        if told != (None, None):  # `x is None` holds where `not x` does
            return (told[1], told[0]) if isinstance(operator, cst.Is) else told
        empty = outcome_failure_sides(walker, test.left, state)[1]  # `if event is None:` as `if not event:`
        if empty is not None and empty.endswith("[empty]"):
            return (empty, None) if isinstance(operator, cst.Is) else (None, empty)
        return None, None
    acted = _action_state_sides(walker, test, state)
    if acted != (None, None):
        return acted
    local, key = _outcome_access(walker, test.left, state)
    operator = test.comparisons[0].operator
    value = walker.evaluator.eval(test.comparisons[0].comparator)
    if local is not None and key in _EXIT_CODES | _RESULT_CODES and value == 0 and not isinstance(value, bool):
        if isinstance(operator, (cst.NotEqual, cst.GreaterThan)) \
                or (key in _RESULT_CODES and isinstance(operator, cst.LessThan)):
            return local, None  # `if proc.returncode != 0:`
        if isinstance(operator, cst.Equal):
            return None, local
        return None, None
    if local is None or key not in _OUTCOME_RESULTS | _OUTCOME_FLAGS | VERDICT_FLAGS:
        return None, None
    if isinstance(value, bool) and key in VERDICT_FLAGS and isinstance(operator, (cst.Is, cst.Equal)):
        return (None, f"{local}[verdict]") if value else (f"{local}[verdict]", None)  # `v["valid"] is False`
    if isinstance(value, bool) and key in _OUTCOME_FLAGS and isinstance(operator, (cst.Is, cst.Equal)):
        return (None, local) if value else (local, None)  # `data["ok"] is False`
    if isinstance(value, int) and not isinstance(value, bool) and key in ("status_code", "statusCode", "status"):
        if isinstance(operator, (cst.GreaterThanEqual, cst.GreaterThan)) and value >= 299:
            return local, None
        if value in (200, 201, 204) and isinstance(operator, (cst.NotEqual, cst.Equal)):
            return (local, None) if isinstance(operator, cst.NotEqual) else (None, local)
        return None, None
    if isinstance(value, str) and key == "result" and value.lower() in _SUCCESS_VALUES:
        if isinstance(operator, (cst.NotEqual, cst.Equal)):
            return (local, None) if isinstance(operator, cst.NotEqual) else (None, local)
    return None, None


#: States an action's result ends in when the action was done, and when it was not.
_DONE_STATES = {"success", "succeeded", "successful", "ok", "completed", "complete", "done", "committed", "sent",
                "created", "applied", "accepted", "delivered", "finished", "published", "merged", "deployed",
                "uploaded", "saved", "updated", "deleted"}
_FAILED_STATES = {"failed", "failure", "error", "errored", "rejected", "aborted", "timeout", "timed_out"}


def _action_state_sides(walker, test: cst.Comparison, state) -> tuple[str | None, str | None]:
    """``tx = await manager.commit(tx_id)`` then ``if tx.status.value == "committed":`` (or
    ``tx["state"] != "completed"``, ``result.status == "failed"``): the state of what the tool's
    own action call answered, compared with a state the action ends in when it was done (the
    other side failed) or was not (this side failed). A state read off anything else (a job the
    tool reports on, ``job = client.get_job(id)``) is that thing's state, an answer."""
    operator = test.comparisons[0].operator
    if not isinstance(operator, (cst.Equal, cst.NotEqual)):
        return None, None
    wanted = walker.evaluator.eval(test.comparisons[0].comparator)
    if not isinstance(wanted, str):
        return None, None
    left = test.left
    if isinstance(left, cst.Attribute) and left.attr.value in ("value", "name") \
            and isinstance(left.value, cst.Attribute):
        left = left.value  # `tx.status.value`: an enum member's text
    local, key = _outcome_access(walker, left, state)
    if local is None or key not in ("status", "state", "result", "outcome"):
        return None, None
    call = _call_just_before(walker, local)
    call = call if names_action(call) else action_call(walker, local)
    done = _DONE_STATES | action_participles(call)  # `refund(...)` then `== "refunded"`
    if call is None or wanted.lower() not in done | _FAILED_STATES:
        return None, None
    failed_when_equal = wanted.lower() in _FAILED_STATES
    return (local, None) if failed_when_equal == isinstance(operator, cst.Equal) else (None, local)


def _call_just_before(walker, local: str) -> cst.Call | None:
    """The call ``local`` is bound to by the last statement binding it before the ``if`` being
    walked, in that ``if``'s own block (``tx = await manager.commit(tx_id)`` right above ``if
    tx.status ...`` in one branch of a dispatcher that binds ``tx`` in other branches too)."""
    statement = getattr(walker, "_statement", None)
    function = getattr(walker, "_function", None) or walker.handler.function
    for block in statement_lists(function) if statement is not None else ():
        position = next((i for i, s in enumerate(block) if s is statement), None)
        if position is None:
            continue
        for earlier in reversed(block[:position]):
            for small in earlier.body if isinstance(earlier, cst.SimpleStatementLine) else ():
                if isinstance(small, cst.Assign) and any(isinstance(t.target, cst.Name) and t.target.value == local
                                                         for t in small.targets):
                    value = small.value.expression if isinstance(small.value, cst.Await) else small.value
                    return value if isinstance(value, cst.Call) else None
        return None
    return None


def _error_entry_test(walker, test: cst.Comparison, state) -> tuple[str | None, str | None]:
    """``if "error" in data:`` (``not in`` for the other side), where ``data`` is the one result of
    a call (``data = await fetch(...)``): a helper that answers a failure with an ``{"error":
    ...}`` dict instead of raising, re-tested by its caller."""
    key = walker.evaluator.eval(test.left)
    local = test.comparisons[0].comparator
    if not isinstance(key, str) or key not in ERROR_MARKS or not isinstance(local, cst.Name) or local.value in state.values \
            or walker.is_mapping(local, state):
        return None, None
    function = getattr(walker, "_function", None) or walker.handler.function
    if not _bound_to_calls(function, local.value):
        return None, None
    return (local.value, None) if isinstance(test.comparisons[0].operator, cst.In) else (None, local.value)


def keyed_access(walker, node: cst.BaseExpression, attributes: bool = True) -> tuple[cst.BaseExpression | None, object]:
    """(base, key) of ``base["k"]``, ``base.get("k", ...)`` and, when ``attributes``, ``base.k``
    (the key as the evaluator gives it); (None, None) for anything else."""
    if isinstance(node, cst.Subscript) and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index):
        return node.value, walker.evaluator.eval(node.slice[0].slice.value)
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "get" \
            and node.args:
        return node.func.value, walker.evaluator.eval(node.args[0].value)
    if attributes and isinstance(node, cst.Attribute):
        return node.value, node.attr.value
    return None, None


def _outcome_access(walker, node: cst.BaseExpression, state) -> tuple[str | None, str | None]:
    """(local, key) for ``local["key"]``, ``local.get("key")`` or ``local.key`` where ``local`` is
    bound once to a call's result and holds no argument value."""
    base, key = keyed_access(walker, node)
    if not isinstance(base, cst.Name) or not isinstance(key, str) or base.value in state.values \
            or walker.is_mapping(base, state):
        return None, None
    function = getattr(walker, "_function", None) or walker.handler.function
    if not _bound_to_calls(function, base.value):
        return None, None
    return base.value, key


_BOUND_TO_CALLS: dict = {}  # memo of _bound_to_calls, by function and local


def _bound_to_calls(function: cst.FunctionDef, local: str) -> bool:
    """Every binding of ``local`` is the result of a call: ``local = [await] f(...)`` or
    ``[async] with f(...) as local:`` (one per branch of a dispatcher is fine). Worked out
    once per function and name (the last few hundred are kept)."""
    return memo_by_node(_BOUND_TO_CALLS, function, lambda: _every_binding_a_call(function, local),
                        extra=local, limit=512)


def _every_binding_a_call(function: cst.FunctionDef, local: str) -> bool:
    found = False
    for inner in walk(function.body, into_nested_scopes=False):
        kind = type(inner)  # not isinstance: see module_info.exact_types (every node of the function)
        if kind is cst.WithItem and inner.asname is not None:
            if any(isinstance(n, cst.Name) and n.value == local for n in walk(inner.asname.name)):
                item = inner.item.expression if isinstance(inner.item, cst.Await) else inner.item
                if not isinstance(item, cst.Call) or not isinstance(inner.asname.name, cst.Name):
                    return False
                found = True
            continue
        targets = [t.target for t in inner.targets] if kind is cst.Assign else \
            [inner.target] if kind in _TARGET_BINDERS else \
            [inner.name] if kind is cst.AsName else []
        if not any(isinstance(n, cst.Name) and n.value == local for t in targets for n in walk(t)):
            continue
        value = getattr(inner, "value", None)
        value = value.expression if isinstance(value, cst.Await) else value
        if not isinstance(inner, (cst.Assign, cst.AnnAssign)) or len(targets) != 1 \
                or not isinstance(targets[0], cst.Name) or not isinstance(value, cst.Call):
            return False
        found = True
    return found


#: The entries of a failure dict that say what went wrong: read on the side where ``"error" in
#: data`` held, they are the failure's text (``f"User error: {data['message']}"``).
_FAILURE_TEXT_ENTRIES = {"error", "message", "msg", "detail", "details", "reason", "error_message",
                         "errorMessage", "error_description"}


def reads_error(walker, node: cst.BaseExpression, local: str) -> bool:
    """``data["error"]`` / ``data.get("error")`` somewhere in ``node``, or another entry that
    carries the failure's text (``data["message"]``, ``data.get("detail")``): what the side
    where ``"error" in data`` held hands back of the failure (fixed text there, "The log contains
    errors", may be the answer about ``data`` itself)."""
    for inner in walk(node, into_nested_scopes=False):
        found, key = _outcome_access_plain(walker, inner)
        if found == local and key in _FAILURE_TEXT_ENTRIES:
            return True
    return False


def read_by_key(walker, local: str) -> bool:
    """``result.get("code", -1)`` or ``result["code"]`` in the function being walked: the call's
    result ``local`` is a mapping, so sent whole it is a dict on the wire (``if result.get("code")
    != 0: return result``)."""
    function = getattr(walker, "_function", None) or walker.handler.function
    return any(_outcome_access_plain(walker, inner)[0] == local
               for inner in walk(function.body, into_nested_scopes=False)
               if isinstance(inner, (cst.Subscript, cst.Call)))


def _outcome_access_plain(walker, node: cst.CSTNode) -> tuple[str | None, object]:
    base, key = keyed_access(walker, node, attributes=False)
    return (base.value, key) if isinstance(base, cst.Name) else (None, None)
