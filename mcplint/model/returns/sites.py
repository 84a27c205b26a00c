"""Return sites of a handler: what each ``return`` sends and whether it is on a failure path.

The forward walk of :mod:`mcplint.model.flow` calls :func:`record_return` at each ``return``
of the handler (and :func:`record_helper_return` in a helper walked in place). A failure path
is judged by control flow: an ``except`` clause that does no other work first, the branch
serving no declared name, the side of a test that rejects an argument or finds the tool's call
failed, a failed lookup, a refusal of an argument's value (its fixed text says so), a result
that says itself it failed. Failure returns of a project helper whose value the handler hands
back travel with the site (``ReturnSite.via``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

import libcst as cst

from mcplint.model.facts import FileModel, HandlerModel, ReturnSite, ServerModel
from mcplint.model.module_info import dotted_name, target_elements, walk
from mcplint.model.returns.answers import answers_subject
from mcplint.model.returns.argument_tests import is_presence_test
from mcplint.model.returns.builders import error_builder, nested_error_builder, unawaited
from mcplint.model.returns.callees import rendered_object, rendering_kind
from mcplint.model.returns.echoes import request_echoes_dropped
from mcplint.model.returns.except_clauses import (
    answers_with_the_exception,
    echoes_tried_value,
    quiet_before,
    reports_status,
)
from mcplint.model.returns.kept import kept_exception_sites
from mcplint.model.returns.lookups import LOOKUP_RESULTS, caught_failed_lookup, reports_failed_lookup, says_key_absent
from mcplint.model.returns.outcomes import ERROR_MARKS, keyed_access, outcome_partners, read_by_key, reads_error
from mcplint.model.returns.shapes import (
    declares_success,
    result_class,
    dumps_envelope,
    error_builder_kind,
    formatter_kind,
    names_errors_only,
    hands_on_unchanged,
    has_error_key,
    answers_failure_somewhere,
    is_failure_envelope,
    is_result_model,
    model_serialised,
    is_text,
    object_view,
    object_view_kind,
    pair_message,
    payload_nodes,
    reports_flags,
    status_keys,
    text_kind,
    value_kind,
    wrapper_return,
)
from mcplint.model.returns.purpose import tool_purposes
from mcplint.model.returns.steps import dict_built_in_steps
from mcplint.model.returns.swallowed import hands_back, returns_in_finally
from mcplint.model.returns.exhausted import POLL_KEY
from mcplint.model.returns.ternaries import ternary_sides
from mcplint.model.returns.untested import swallowed_helper_answers
from mcplint.model.returns.verdicts import acts_on_request, returned_verdict_kind, says_action_not_done, says_no_op
from mcplint.model.returns.statements import (
    returned_names,
    is_docstring_or_log,
    message_texts,
    literal_text,
    parameter_names,
    statement_lists,
)

if TYPE_CHECKING:
    from mcplint.model.flow import HandlerWalker, State


def every_handler(model: FileModel) -> Iterator[tuple[ServerModel, HandlerModel]]:
    """Every (server, handler) pair, including the FastMCP family's ``@mcp.tool`` functions."""
    for server in model.servers:
        for handler in list(server.handlers) + list(server.signature_tools):
            yield server, handler


def _answers_empty(node: cst.BaseExpression | None) -> bool:
    """The returned text (or a text entry of the returned dict) says a search found nothing.
    Not a dict with an ``"error"`` entry: ``{"error": "No runs found"}`` names it an error."""
    if node is None:
        return False
    if any(isinstance(inner, cst.Dict) and _names_error(inner) for inner in walk(node, into_nested_scopes=False)):
        return False  # also serialised: `json.dumps({"error": "No event found with the specified ID"})`
    return any(_EMPTY_RESULT.search(text) for text in _literal_pieces(node))


def _names_error(node: cst.Dict) -> bool:
    """The dict literal has an ``"error"`` entry (or another of :data:`ERROR_MARKS`)."""
    return any(isinstance(e, cst.DictElement) and isinstance(e.key, cst.SimpleString)
               and e.key.evaluated_value in ERROR_MARKS for e in node.elements)


def _answers_empty_unnamed(node: cst.BaseExpression | None, built: str | None, failure: str | None) -> bool:
    """:func:`_answers_empty`, unless the value is built by a project function whose name says it
    builds an error (``error_response("session_error", "No session ID available")``): like an
    ``"error"`` entry, the builder names the text an error whatever its wording; or unless a failed
    lookup's text names the key nothing was found under ("No project found with key X")."""
    if failure == "lookup" and node is not None and says_key_absent(literal_text(node)):
        return False
    return built is None and _answers_empty(node)


def _empty_collections(node: cst.BaseExpression) -> bool:
    """``{"results": []}`` or ``SearchOutput(results=[], total=0)``: a result whose every entry
    is an empty collection (or a zero count), the answer to a search that found nothing (a
    blank query included); an entry with anything in it, or a bare ``[]``, is not. Tools only:
    a prompt result without messages is no answer."""
    if isinstance(node, cst.Dict):
        entries = [e.value if isinstance(e, cst.DictElement) else None for e in node.elements]
    elif isinstance(node, cst.Call) and all(arg.keyword is not None for arg in node.args):
        entries = [arg.value for arg in node.args]
    else:
        return False
    empty = [isinstance(v, (cst.List, cst.Tuple, cst.Dict, cst.Set)) and not v.elements for v in entries]
    zero = [isinstance(v, cst.Integer) and v.value == "0" for v in entries]
    return any(empty) and all(e or z for e, z in zip(empty, zero))


def _literal_pieces(node: cst.BaseExpression) -> Iterator[str]:
    """Each string literal and the leading text of each f-string in ``node``."""
    for inner in walk(node, into_nested_scopes=False):
        if isinstance(inner, cst.SimpleString):
            text = inner.evaluated_value
            if isinstance(text, str):
                yield text
        elif isinstance(inner, cst.FormattedString):
            yield "".join(p.value if isinstance(p, cst.FormattedStringText) else "{}" for p in inner.parts)


# -- the return itself -------------------------------------------------------------------------
def record_return(walker: HandlerWalker, node: cst.Return, state: State) -> None:
    """Append the :class:`ReturnSite` of a handler's ``return`` to its model, with the failure
    returns of a project helper whose value it hands back (``ReturnSite.via``)."""
    site = _classify(walker, node, state)
    _follow_returned_call(walker, node, state)
    via, direct = _helper_failures(walker, node.value, state)
    if via and _verdict_judged_here(state):
        if all(isinstance(inner.node, cst.Assign) for inner in via):
            site = replace(site, failure=None, text=None)  # `body = {"error": True, ...}` kept: reported there
        else:
            via = []  # the check's own returns: its verdict is judged at this return
    if via and not _judged_at_call(walker, site, node):
        site = replace(site, via=tuple(via), direct=direct)
        if site.value == "unknown" and object_view_kind(node.value) is not None:
            site = replace(site, value=object_view_kind(node.value))  # `return outcome.model_dump_json()`
        elif site.value == "unknown" and rendering_kind(walker, node.value, state.results) is not None:
            site = replace(site, value=rendering_kind(walker, node.value, state.results))  # `return to_markdown(res)`
    walker.handler.returns.append(site)
    if state.failure is None and site.failure is None:
        for answer, _ in swallowed_helper_answers(walker, node, state):  # `return format(search(q))`, search swallowing
            walker.handler.returns.append(ReturnSite(node=answer, value=site.value, failure="swallowed",
                                                     served=state.served, key="helper", returned=node))
    walker.handler.returns.extend(_failed_ternary_sides(walker, node, state))
    walker.handler.returns.extend(kept_exception_sites(walker, node, state))


def record_fall_off(walker: HandlerWalker, last: cst.CSTNode, state: State) -> None:
    """A handler whose body can end without a ``return`` answers ``None`` there: where only
    names no branch served get to that end (the fall-through of an ``if``/``elif`` dispatch with
    no final ``else``, a search loop that found nothing), that ``None`` is its unknown-name
    answer, judged as an explicit ``return None`` (mcp 1.x: code 0 from result validation; mcp
    2.x: the same). ``last`` is the statement the body ends with, where it is reported."""
    if _failure(walker, state)[0] != "unknown-name":
        return
    site = _classify(walker, cst.Return(value=cst.Name("None")), state)
    walker.handler.returns.append(replace(site, node=last))


def _failed_ternary_sides(walker, node: cst.Return, state) -> list[ReturnSite]:
    """The sides of ``return a if test else b`` that are on a failure path, each judged as the
    ``return`` of its side of ``if test:`` (:mod:`.ternaries`), placed at the original ``return``.
    Only a side the test marks as failed (a rejected argument, a failed outcome, a refusal) is
    judged: a conditional expression whose test says nothing of a failure is left as one value."""
    sides = [_classify(walker, side, side_state) for side, side_state in ternary_sides(walker, node, state)
             if side_state.failure is not None and side_state.failure != state.failure]
    return [replace(site, node=node) for site in sides if site.failure is not None]


def _verdict_judged_here(state: State) -> bool:
    """The ``return`` sits where the handler's test found a check's verdict refused the input
    (``if not v["valid"]: return v``): the verdict is judged at this ``return`` (reported, or
    the answer of a validator tool), not again at the check's own returns."""
    return state.failure == "outcome" and (state.failure_key or "").endswith("[verdict]")


def record_helper_return(walker: HandlerWalker, node: cst.Return, state: State) -> None:
    """A ``return`` of a helper walked in place: keep it on ``walker.failure_returns`` when it is
    on a failure path of the helper (or hands back such a return of a helper it calls)."""
    site = _classify(walker, node, state)
    if site.failure is not None:
        walker.failure_returns.append(site)
    walker.failure_returns.extend(_failed_ternary_sides(walker, node, state))
    walker.failure_returns.extend(kept_exception_sites(walker, node, state))
    _follow_returned_call(walker, node, state)
    via, direct = _helper_failures(walker, node.value, state)
    if direct and not _judged_at_call(walker, site, node):
        walker.failure_returns.extend(via)


def _judged_at_call(walker, site: ReturnSite, node: cst.Return) -> bool:
    """``except ValueError as e: return self._error(str(e))``: a failure path that returns the
    value of an error builder (a function that only shapes what it is handed) is reported at
    this ``return``, the place to change; what the builder's body returns is then not reported
    again (one location per failure, whichever tool reaches it)."""
    value = node.value.expression if isinstance(node.value, cst.Await) else node.value
    return site.failure is not None and isinstance(value, cst.Call) \
        and (formatter_kind(walker, value) is not None or wrapper_return(walker, value) is not None
             or error_builder_kind(walker, value) is not None)


def note_helper_result(walker: HandlerWalker, assign: cst.Assign, state: State) -> None:
    """``result = helper(...)``: remember on this path that ``result`` holds the helper's value
    (or forget it). A project function or method handed no argument value (so not walked yet) is
    walked for its failure returns first, as when the tool returns its call directly: in the
    handler itself, and in a helper it walks only for a local that helper returns
    (``text = client.fetch_text(path); return text``): following every local of every helper
    costs more than the whole lint is allowed."""
    call = assign.value.expression if isinstance(assign.value, cst.Await) else assign.value
    names = _unpacked_names(assign)
    if isinstance(call, cst.Call) and names \
            and (not walker.walks_helper or set(names) & returned_names(getattr(walker, "_function", None))):
        _follow_call(walker, call, state)
    for target in assign.targets:
        for element in target_elements(target.target):
            if not isinstance(element, cst.Name):
                continue
            if isinstance(call, cst.Call) and id(call) in walker.helper_failures and element.value in names:
                state.results[element.value] = frozenset((id(call),))
            else:
                state.results.pop(element.value, None)


def note_failure_local(walker: HandlerWalker, assign: cst.Assign, state: State) -> None:
    """``if not sku: result = {"error": "sku is required"} else: result = {"item": ...}`` then
    ``return _json(result)`` after the branches: a failure dict built in a branch of a failed
    check (a rejected argument, a failed outcome, the unknown-name path) and kept in a local
    that a later ``return`` sends. The assignment is judged as a ``return`` of that dict on that
    path would be, and the local holds it on this path (``state.results``, as a helper's
    failure return), so a later ``return`` built from the local reports it at the assignment
    (the place the failure became a result), with the ``return`` as a related location.
    ``except`` clauses are judged by :mod:`.kept` already; values other than dicts are not kept."""
    if walker.handler.kind != "tool" or len(assign.targets) != 1 or not isinstance(assign.targets[0].target, cst.Name):
        return
    if not isinstance(assign.value, cst.Dict) or state.failure == "except":
        return
    site = _classify(walker, cst.Return(value=assign.value), state)
    if site.failure is None or site.failure == "except":
        return
    walker.helper_failures[id(assign.value)] = [replace(site, node=assign)]
    state.results[assign.targets[0].target.value] = frozenset((id(assign.value),))


def _echo_envelope(walker, shaped: cst.BaseExpression | None, value: str, state, caught: bool = False) -> bool:
    """``json.dumps({"error": "Source file not found", "path": source_path})``: a failure envelope
    once the echoes of the request (the caller's argument values, the name, the mapping), clock
    readings and hints at the valid choices are left out (:mod:`.echoes`): what the caller sent
    back beside the error is no data the tool produced."""
    if shaped is None:
        return False
    dropped = request_echoes_dropped(walker, shaped, state, values=True)
    if dropped is shaped:
        return False
    if value == "dict":
        return is_failure_envelope(walker, dropped, caught)
    return dumps_envelope(walker, dropped)


def _kept_failure_names(walker, state) -> set[str]:
    """The locals that hold, on this path, only failure dicts :func:`note_failure_local` kept
    (``outcome = {"success": False, "error": f"Unknown tool: {name}"}`` on the unknown-name
    path, then ``return _json(outcome)`` there): fixed text for a ``return`` on a failure path."""
    names = set()
    for name, held in state.results.items():
        sites = [site for call in held for site in walker.helper_failures.get(call, ())]
        if sites and all(isinstance(site.node, cst.Assign) and site.text in ("constant", "exception")
                         and any(id(site.node.value) == call for call in held) for site in sites):
            names.add(name)
    return names


def _unpacked_names(assign: cst.Assign) -> tuple[str, ...]:
    """The names one assignment binds to a call's value: ``result = helper(...)``, or the
    flag and message of a pair ``ok, msg = helper(...)`` (:func:`pair_message`); empty for
    anything else."""
    if len(assign.targets) != 1:
        return ()
    target = assign.targets[0].target
    if isinstance(target, cst.Name):
        return (target.value,)
    if isinstance(target, (cst.Tuple, cst.List)) and len(target.elements) == 2 \
            and all(isinstance(e, cst.Element) and isinstance(e.value, cst.Name) for e in target.elements):
        return tuple(e.value.value for e in target.elements)
    return ()


def forget_checked_results(test: cst.BaseExpression, state: State) -> None:
    """``if not result.get("success"): raise ...``: a test of a helper's result whose branch
    leaves has dealt with its failures; what is returned afterwards is not one of them."""
    tested = {node.value for node in walk(test, into_nested_scopes=False) if isinstance(node, cst.Name)}
    calls = {held for name in tested for held in state.results.get(name, ())}
    for name, held in list(state.results.items()):  # `ok, msg = run(...)`: testing `ok` deals with `msg`
        if name in tested or held & calls:
            state.results.pop(name, None)


#: Entries of a helper's result that say it succeeded (``{"success": True, ...}``).
_SUCCESS_FLAGS = {"ok", "success", "succeeded"}


def passed_sides(walker: HandlerWalker, test: cst.BaseExpression, state: State) -> tuple[set[str], set[str]]:
    """(locals holding a helper's value that passed the test on its true side, likewise on its
    false side): ``if result.get("success"):`` / ``if result["ok"]:`` pass on the true side,
    ``if result.get("error"):`` / ``if "error" in result:`` on the false side (``not`` swaps
    them). Where the helper's result passed, its failure returns are not what the local holds:
    ``if not result.get("success"): result = retry(...)`` leaves only successes on the other side."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        true_side, false_side = passed_sides(walker, test.expression, state)
        return false_side, true_side
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1 \
            and isinstance(test.comparisons[0].comparator, cst.Name) \
            and test.comparisons[0].comparator.value in state.results \
            and walker.evaluator.eval(test.left) in ERROR_MARKS:
        name = {test.comparisons[0].comparator.value}
        if isinstance(test.comparisons[0].operator, cst.In):
            return set(), name
        if isinstance(test.comparisons[0].operator, cst.NotIn):
            return name, set()
        return set(), set()
    name, key = _result_entry(walker, test, state)
    if name is None:
        return set(), set()
    if key in _SUCCESS_FLAGS:
        return {name}, set()
    if key in ERROR_MARKS:
        return set(), {name}
    return set(), set()


def _result_entry(walker, node: cst.BaseExpression, state) -> tuple[str | None, object]:
    """(local, key) of ``local["k"]`` / ``local.get("k", ...)`` / ``local.k`` on a local holding a
    helper's value; (None, None) otherwise."""
    base, key = keyed_access(walker, node)
    if isinstance(base, cst.Name) and base.value in state.results:
        return base.value, key
    return None, None


def _helper_failures(walker, value_node, state) -> tuple[list[ReturnSite], bool]:
    """(the helper failure returns ``value_node`` hands back, whether it returns the call itself).
    A local holds the value of each helper call assigned to it on the branches that reach here."""
    if value_node is None:
        return [], False
    call = value_node.expression if isinstance(value_node, cst.Await) else value_node
    if isinstance(call, cst.Call) and id(call) in walker.helper_failures:
        return list(walker.helper_failures[id(call)]), True
    payloads = [object_view(p) or rendered_object(walker, p, state.results) or p  # `json.dumps(res.__dict__)`
                for p in payload_nodes(walker, value_node)]  # `to_markdown(res)` of a project converter
    if isinstance(call, cst.FormattedString) and not payloads:  # `f"{delivery_id}: {result}"`: the helper's
        payloads = [p.expression for p in call.parts  # value, and the caller's own value beside it
                    if isinstance(p, cst.FormattedStringExpression) and not _echoed_argument(p.expression, state)]
    names = [p for p in payloads if isinstance(p, cst.Name) and p.value in state.results]
    calls = [p for p in payloads if isinstance(p, cst.Call) and id(p) in walker.helper_failures]
    if not names + calls or len(names) + len(calls) != len(payloads):
        return [], False
    found: list[ReturnSite] = []
    for name in names:
        for held in sorted(state.results[name.value]):
            found.extend(walker.helper_failures.get(held, ()))
    for inner in calls:  # `json.dumps(helper(...))`: the helper's value, serialised
        found.extend(walker.helper_failures[id(inner)])
    return found, len(names) == 1 and not calls and hands_on_unchanged(walker, call, names[0])


def _echoed_argument(node: cst.BaseExpression, state) -> bool:
    """A local holding an argument value the caller sent (``delivery_id``), not a helper's value."""
    return isinstance(node, cst.Name) and node.value in state.values and node.value not in state.results


def _follow_returned_call(walker, node: cst.Return, state) -> None:
    """``return [await] helper(...)`` of a project function not walked yet: walk it for its
    failure returns (:meth:`HandlerWalker.follow_returned_call`)."""
    value = node.value.expression if isinstance(node.value, cst.Await) else node.value
    if isinstance(value, cst.Call):
        _follow_call(walker, value, state)
    if value is None or walker.walks_helper:
        return
    for payload in payload_nodes(walker, value):  # `TextContent(text=render(book))`: the text a helper made
        payload = payload.expression if isinstance(payload, cst.Await) else payload
        if payload is not value and isinstance(payload, cst.Call) and answers_failure_somewhere(walker, payload):
            _follow_call(walker, payload, state)


def _follow_call(walker, call: cst.Call, state) -> None:
    if wrapper_return(walker, call) is not None or error_builder_kind(walker, call) is not None:
        return  # a builder's value is judged where it is called
    if formatter_kind(walker, call) is None or answers_failure_somewhere(walker, call):
        walker.follow_returned_call(call, state)  # a formatter too, when a path of its own answers a failure


def _classify(walker: HandlerWalker, node: cst.Return, state: State) -> ReturnSite:
    value_node = _model_unserialised(walker, node)
    failed_pair = walker.walks_helper and pair_message(value_node) is not None
    if failed_pair:
        value_node = pair_message(value_node)  # `return False, f"Query failed: {e}"`: its message
    failure, key = _failure(walker, state)
    function = getattr(walker, "_function", None) or walker.handler.function
    if failure is None and returns_in_finally(function, node, set(state.values) | set(state.aliases)):
        failure, key = "swallowed", "as:"  # `finally: return ...`: the body's exception is discarded
    if failure == "swallowed" and not hands_back(value_node, key):
        failure, key = None, None  # past a swallowing `with`, a value the block did not compute
    # `outcome = {"ticket": t}` ... `outcome["error"] = resp.text`; `return outcome`: judged as one literal
    # only where an exception was caught or the call's outcome tested: a dict an argument check
    # builds in steps may be a validator's report (`{"is_valid": False, "errors": [...]}`)
    stepped = _stepped_dict(walker, node, value_node) if failure in ("except", "outcome") else None
    verdict_kind, verdict, acted, caught_object = None, False, False, False
    exception_names: set[str] = set()
    constant_names: set[str] = set()
    if failure == "argument":
        constant_names |= set(state.values)  # the rejected value echoed in the message is not new data
    if failure == "logged":
        constant_names |= set(state.values)  # the values it worked on, echoed beside the failure
    if failure == "exhausted":  # past a loop whose every attempt failed: what the clauses kept is the error
        exception_names |= set((key or "").split(",")) - {""}
        constant_names |= set(state.values)  # the values it worked on, echoed beside the failure
    if failure == "outcome":
        constant_names |= set(state.values)
        if key.endswith("[error]"):  # `"error" in data`: only a return of data's error reports it
            key = key[: -len("[error]")]
            uncast = _uncast_value(value_node)
            if isinstance(uncast, cst.Name) and uncast.value == key and not walker.walks_helper:
                value_node = uncast  # the tool's `return cast(Dict, data)`: the failed answer sent whole, a dict
            elif value_node is None or not (reads_error(walker, value_node, key) or (
                    not walker.walks_helper and _serialised_whole(walker, value_node, key))):
                failure = None
        elif key.endswith("[str]"):  # `isinstance(data, str)`: a failure only when the text says so
            key = key[: -len("[str]")]
            if value_node is None or not _says_it_failed(value_node):
                failure = None
        elif key.endswith("[empty]"):  # `if not event:` of the tool's own call: when the text opens with it
            key = key[: -len("[empty]")]
            acted = acts_on_request(walker, key)  # `done = await client.complete_task(task_id)`
            if value_node is None or not _opens_with_failure(value_node) \
                    or any(isinstance(inner, cst.Dict) for inner in walk(value_node, into_nested_scopes=False)):
                failure = None  # a dict is judged by what it says itself (a failure envelope or not)
        elif key.endswith("[exc]"):  # `isinstance(result, Exception)`: reading it reads the failure, not data
            key, caught_object = key[: -len("[exc]")], True
        elif key.endswith("[verdict]"):  # `if not v["valid"]: return v`: the verdict, sent whole
            key, verdict = key[: -len("[verdict]")], True  # its fields explain the refusal: no data
            verdict_kind = returned_verdict_kind(walker, value_node, key, value_kind)
        exception_names.add(key)  # the failed outcome's own fields are the error's text
        exception_names |= outcome_partners(walker, key)  # `ok, message = client.get(...)`: its message too
    if (failure in ("argument", "refusal", "logged") or verdict) and walker.handler.kind == "tool" \
            and _answers_verdict(walker, node, state):
        failure = None  # "Invalid email address" or "Valid email address": the verdict is the answer
    if failure == "refusal":
        constant_names |= set(state.values)  # the refused value echoed in the message
        if value_node is None or not _REFUSAL.search(literal_text(value_node)):
            failure = None  # a branch on an argument's value, not a refusal of it
    if failure == "except":
        handler = state.except_clause
        if handler.name is not None and isinstance(handler.name.name, cst.Name):
            exception_names.add(handler.name.name.value)
        if has_error_key(walker, value_node):  # `{"entity_id": entity_id, "error": str(e)}`: an echo
            constant_names |= set(state.values) | _fixed_bindings(walker)
        if not quiet_before(walker, handler, node, exception_names, constant_names) and not \
                answers_with_the_exception(walker, handler, node, _assigned_before(walker, node, value_node) or stepped or value_node,
                                           exception_names, constant_names):
            failure = None  # the clause did real work first: a fallback, not a failure
        elif reports_status(walker, handler, state):
            failure = None  # a health check: "connection failed" is the answer it exists to give
        elif declares_success(walker, _assigned_before(walker, node, value_node) or stepped or value_node):
            failure = None  # `{"result": "success", "warning": "reload failed"}`: a partial success on purpose
    # `msg = f"Failed: {e}"; return msg`; `err = ErrorResponse(...); return err.dict()`
    shaped = _assigned_before(walker, node, value_node) or stepped or value_node
    value = value_kind(walker, shaped)
    if value == "unknown" and verdict_kind is not None:
        value = verdict_kind  # `return v` of `v = validate_booking(booking_id)`: what the check builds
    elif value == "unknown" and failure == "outcome" and isinstance(value_node, cst.Name) \
            and value_node.value == key and (read_by_key(walker, key) or (state.failure_key or "").endswith("[error]")):
        value = "dict"  # `if result.get("code", -1) != 0: return result`: the failed answer, sent whole
    elif value == "unknown" and failure == "outcome" and isinstance(value_node, cst.Name) \
            and value_node.value in outcome_partners(walker, key) and _declares_text(walker) \
            and not _same_on_both_sides(walker, node):  # `return message` either way: the flag ignored
        value = "str"  # `ok, message = client.get(...)` then `if not ok: return message` of a `-> str` tool
    built = error_builder_kind(walker, unawaited(shaped))  # `return await handle_http_errors(ctx, e)`
    if built is not None:
        value = built
    # `format_errors(problems)` may be a validator's answer: a plural name builds a failure only on a failure path
    envelope = (built is not None and not names_errors_only(unawaited(shaped))) \
        or (value == "dict" and is_failure_envelope(walker, shaped, failure == "except")) \
        or (value == "dict-list" and all(is_failure_envelope(walker, e.value) for e in shaped.elements)) \
        or (value in ("str", "content", "result") and dumps_envelope(walker, shaped))
    if not envelope and value in ("dict", "str", "content", "result"):
        envelope = _echo_envelope(walker, shaped, value, state, failure == "except")
    not_done = value in ("dict", "str", "content", "result") and walker.handler.kind == "tool" \
        and says_action_not_done(walker, shaped)
    if not envelope and not_done:
        envelope = True  # `{"aborted": False, "error": ...}` from `abort_investigation`
    if not envelope and failed_pair and value == "str" and walker.handler.kind == "tool" \
            and not says_no_op(literal_text(value_node)):
        envelope = True  # `return False, f"User {user_id} not found"`: the flag says it failed
    if not envelope and _false_answer(walker, value_node, failure, state):
        value, envelope = "false", True  # `except OSError: log.warning(...); return False`: "not done"
    if not envelope and value in ("str", "content", "result") and walker.handler.kind == "tool":
        envelope = _labelled_error(shaped)  # `return "Error: Cannot write while a test is running"`
    # a path the handler logs as an error: the more telling reason, when there is one, says why
    if failure in (None, "logged") and envelope and not (value == "dict" and not acted
                                                          and _answers_probe(walker, node, state)):
        failure = "envelope"
    if failure in (None, "logged") and value in LOOKUP_RESULTS and reports_failed_lookup(walker, node, state):
        failure = "lookup"
        constant_names |= set(state.values)  # the looked-up value echoed in the message is not new data
    if failure not in (None, "except") and (_answers_empty_unnamed(value_node, built, failure) or (
            walker.handler.kind == "tool" and failure != "unknown-name" and _empty_collections(value_node))):
        failure = None  # "No functions found for topic ...": an empty answer is a success
    text = None
    if failure not in (None, "except") and value_node is not None:
        constant_names |= _constant_locals_before(walker, node, exception_names | constant_names)
        constant_names |= _kept_failure_names(walker, state)
    if failure is not None and value_node is not None:  # only failure paths need the text judged
        text = text_kind(walker, stepped or value_node, exception_names, constant_names)
        if text == "computed" and failure != "except":  # `{"error": f"unknown {name}", "input": arguments}`
            text = text_kind(walker, request_echoes_dropped(walker, value_node, state), exception_names, constant_names)
        if failure == "except" and text == "constant" and echoes_tried_value(walker, value_node, state):
            text = "echo"
        elif failure == "exhausted" and key == POLL_KEY and text == "constant":
            # past a wait that ran out: fixed text is the failure whatever its words, unless the
            # tool answers how the thing stands in the shape it answers inside the wait
            text = None if _status_like_inside(walker, node, value_node) else "failure-text"
        elif failure in ("except", "exhausted") and text == "constant" and _says_it_failed(value_node):
            text = "failure-text"  # "Failed after 3 attempts"
        elif failure == "except" and text == "constant" and value == "result" and _empty_result(shaped):
            text = "empty"  # `except FileNotFoundError: return CallToolResult(content=[])`: nothing, as a success
        elif failure in ("argument", "refusal") and text == "constant" and walker.handler.kind == "prompt" \
                and _opens_with_refusal(value_node):
            text = "failure-text"  # "Unknown level 'x': use ...": the prompt's message is the refusal
        if failure == "except" and text == "computed" and not reports_flags(value_node) and text_kind(
                walker, request_echoes_dropped(walker, value_node, state, request=False), exception_names,
                constant_names | set(state.values)) == "exception":
            text = "exception"  # {"entity_id": entity_id, "error": str(e), "states": []}: the error, in the success shape
        if failure == "except" and text in ("constant", "computed", "echo") \
                and caught_failed_lookup(walker, state.except_clause, value_node, state):
            failure, text = "lookup", "constant"  # `except KeyError: return "Student not found"`
    if verdict and failure is not None and _same_on_both_sides(walker, node):
        failure, text = None, None  # `if not v["allowed"]: return dumps(v)` then `return dumps(v)`: the verdict is the answer
    if failure is not None and not not_done and answers_subject(walker, node, state, failure, text,
                                                                   None if verdict or caught_object else key):
        # the answer about what the tool checks: a probe's "unreachable"; but a value that says
        # itself it failed is still judged as such (`{"success": False, ...}` after `if not ok:`)
        judged_whole = failure == "outcome" and envelope and not verdict and not answers_subject(
            walker, node, state, "envelope", "constant" if text == "exception" else text, None)  # its message: no data
        failure, text = ("envelope", text) if judged_whole else (None, None)
    builder = None
    if failure is not None:
        if built is not None:
            builder = error_builder(walker, shaped, built)
        elif value != "result":  # `CallToolResult(content=describe_failure(e))`: the tool left the flag false
            builder = nested_error_builder(walker, shaped)
    if failure == "swallowed":  # reported where the failure was swallowed, this return related
        swallowed_at = state.except_clause if state.failure == "swallowed" else node
        return ReturnSite(node=swallowed_at, value=value, failure=failure, served=state.served, text=text,
                          key=key, returned=node)
    return ReturnSite(node=node, value=value, failure=failure, served=state.served, text=text, key=key,
                      envelope=envelope, result_class=result_class(walker, shaped) if value == "result" else None,
                      builder=builder)


def _empty_result(node: cst.BaseExpression | None) -> bool:
    """``CallToolResult(content=[])`` / ``ToolResult(content=[])``: a tool result built with no
    content, its error flag not given (a flag given, even false, is judged as it is written)."""
    if not isinstance(node, cst.Call) or any(arg.star for arg in node.args):
        return False
    keywords = {arg.keyword.value: arg.value for arg in node.args if arg.keyword is not None}
    if "isError" in keywords or "is_error" in keywords or len(keywords) != len(node.args):
        return False
    content = keywords.get("content")
    return isinstance(content, cst.List) and not content.elements and set(keywords) <= {"content"}


def _serialised_whole(walker, node: cst.BaseExpression, local: str) -> bool:
    """``[TextContent(text=json.dumps(result))]``: every payload of the returned value is the
    local itself, serialised (``json.dumps`` / ``str``) or not."""
    payloads = list(payload_nodes(walker, node))
    for payload in payloads:
        if isinstance(payload, cst.Call) and len(payload.args) >= 1 and not payload.args[0].star \
                and (dotted_name(payload.func) or "") in ("json.dumps", "str", "dumps", "repr"):
            payload = payload.args[0].value
        if not (isinstance(payload, cst.Name) and payload.value == local):
            return False
    return bool(payloads)


def _uncast_value(node: cst.BaseExpression | None) -> cst.BaseExpression | None:
    """``cast(T, value)`` (``typing.cast`` returns ``value`` unchanged) as ``value``."""
    if isinstance(node, cst.Call) and (dotted_name(node.func) or "").rsplit(".", 1)[-1] == "cast" \
            and len(node.args) == 2 and not any(a.keyword or a.star for a in node.args):
        return node.args[1].value
    return node


def _declares_text(walker) -> bool:
    """The walked function is annotated to return ``str`` (what it hands back is text)."""
    function = getattr(walker, "_function", None) or walker.handler.function
    return function.returns is not None and dotted_name(function.returns.annotation) == "str"


def _same_on_both_sides(walker, target: cst.Return) -> bool:
    """The other side of the test around ``target`` returns the very same expression: the
    tool answers with the verdict whichever way it went (``can_write``)."""
    paired = _paired_return(walker, target)
    if paired is None or target.value is None or paired[1].value is None:
        return False
    return paired[1].value.deep_equals(target.value)


def _fixed_bindings(walker) -> set[str]:
    """Names a walked helper holds as fixed text or numbers bound by its caller (a wrapper's
    ``name`` of ``guarded("get_incident", fn)``): labels beside an error, not computed data."""
    constants = getattr(walker, "constants", None) or {}
    return {name for name, value in constants.items() if isinstance(value, (str, int, float)) and "." not in name}


def _model_unserialised(walker, node: cst.Return) -> cst.BaseExpression | None:
    """``return ErrorResponse(error=str(e)).dict()`` / ``return err.model_dump()`` after ``err =
    ErrorResponse(...)``: the result object itself, whose fields are the dict the tool returns
    (judged as ``return err``); any other returned value as it is."""
    inner = model_serialised(node.value)
    if inner is None:
        return node.value
    if isinstance(inner, cst.Name):
        return inner if is_result_model(walker, _assigned_before(walker, node, inner)) else node.value
    return inner if is_result_model(walker, inner) else node.value


def _only_extended(statement: cst.CSTNode, name: str, found: cst.BaseExpression | None) -> bool:
    """Whether ``statement`` rebinds ``name``, which holds text (``found``, a string literal or
    f-string), only by appending text to it (``message += f"\\nDetails: {body}"``) or putting
    other literal text in its place: it still holds text of the same making."""
    text = (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)
    if not isinstance(found, text):
        return False
    for node in walk(statement, into_nested_scopes=False):
        if isinstance(node, cst.AugAssign) and isinstance(node.target, cst.Name) and node.target.value == name:
            if not isinstance(node.operator, cst.AddAssign):
                return False
        elif isinstance(node, cst.Assign) and name in _bound_in(node):
            # `if status == 404: message = f"Not found: {key}"`: other text in its place
            if len(node.targets) != 1 or not isinstance(node.targets[0].target, cst.Name) \
                    or not isinstance(node.value, text):
                return False
        elif isinstance(node, (cst.AnnAssign, cst.For, cst.NamedExpr, cst.WithItem)) and name in _bound_in(node):
            return False
    return True


def _assigned_before(walker, target: cst.Return, value: cst.BaseExpression | None = None) -> cst.BaseExpression | None:
    """``error_message = f"Failed: {e}"; await ctx.error(error_message); return error_message``:
    the value a returned local (``value``, by default the returned one) was given by the last
    plain assignment before the ``return`` in the same block (None when it is not a bare name,
    or something else rebinds it)."""
    value = target.value if value is None else value
    if not isinstance(value, cst.Name):
        return None
    name = value.value
    function = getattr(walker, "_function", None) or walker.handler.function
    for block in statement_lists(function):
        if not any(isinstance(s, cst.SimpleStatementLine) and any(small is target for small in s.body) for s in block):
            continue
        found = None
        for statement in block:
            if not isinstance(statement, cst.SimpleStatementLine):
                if found is not None and name in _bound_in(statement) and not _only_extended(statement, name, found):
                    found = None  # rebound inside a compound statement: not known here
                continue
            for small in statement.body:
                if small is target:
                    return found
                if isinstance(small, cst.Assign) and len(small.targets) == 1 \
                        and isinstance(small.targets[0].target, cst.Name) and small.targets[0].target.value == name:
                    found = small.value
                elif name in _bound_in(small) and not _only_extended(small, name, found):
                    found = None
        return None
    return None


def _false_answer(walker, value: cst.BaseExpression | None, failure: str | None, state) -> bool:
    """``return False`` from a tool (or a helper whose value it returns) in an ``except`` clause
    that did no other work, or where its own call reported a failure: the answer says only that
    the work was not done, which a client reads as the value ``false`` of a successful call. Not
    for a tool whose purpose is a yes/no answer about what it checks (``is_reachable``,
    ``validate_config``, ``item_exists``: :mod:`.purpose`), where ``False`` is the answer."""
    if failure not in ("except", "outcome") or walker.handler.kind != "tool" \
            or not (isinstance(value, cst.Name) and value.value == "False"):
        return False
    return not tool_purposes(walker.handler, state.served)


def _stepped_dict(walker, target: cst.Return, value: cst.BaseExpression | None) -> cst.BaseExpression | None:
    """The returned value with each local that holds a dict built in steps on the path
    (:mod:`.steps`) put in as that dict: the local itself (``return outcome``), or serialised
    inside it (``[TextContent(text=json.dumps(body))]``). None when no such local is returned,
    or the returned local is one :func:`_assigned_before` knows as one plain value."""
    if value is None or (isinstance(value, cst.Name) and _assigned_before(walker, target, value) is not None):
        return None
    function = getattr(walker, "_function", None) or walker.handler.function
    if isinstance(value, cst.Name):
        return dict_built_in_steps(function, target, value.value, walker.evaluator.eval)
    names = [arg.value for inner in walk(value, into_nested_scopes=False) if isinstance(inner, cst.Call)
             for arg in inner.args[:1] if isinstance(arg.value, cst.Name) and arg.keyword is None]
    replaced = value
    for name in names[:4]:
        built = dict_built_in_steps(function, target, name.value, walker.evaluator.eval)
        if built is not None:
            replaced = replaced.deep_replace(name, built)
    return replaced if replaced is not value else None


def _bound_in(node: cst.CSTNode) -> set[str]:
    """Names an assignment, augmented assignment, loop or ``with`` in ``node`` binds."""
    names: set[str] = set()
    for inner in walk(node, into_nested_scopes=False):
        targets = [t.target for t in inner.targets] if isinstance(inner, cst.Assign) else \
            [inner.target] if isinstance(inner, (cst.AnnAssign, cst.AugAssign, cst.For, cst.NamedExpr)) else \
            [inner.asname.name] if isinstance(inner, cst.WithItem) and inner.asname is not None else []
        names |= {n.value for t in targets for n in walk(t) if isinstance(n, cst.Name)}
    return names


def _constant_locals_before(walker, target: cst.Return, known: set[str]) -> set[str]:
    """``error_msg = f"Unknown tool: {name}"; logger.error(error_msg); return [TextContent(text=
    error_msg)]``: locals assigned fixed text (or text from ``known`` names) earlier in the block
    that holds ``target``."""
    function = getattr(walker, "_function", None) or walker.handler.function
    names: set[str] = set()
    for block in statement_lists(function):
        if not any(isinstance(s, cst.SimpleStatementLine) and any(small is target for small in s.body) for s in block):
            continue
        for statement in block:
            if not isinstance(statement, cst.SimpleStatementLine):
                continue
            if any(small is target for small in statement.body):
                return names
            for small in statement.body:
                if isinstance(small, cst.Assign) and len(small.targets) == 1 \
                        and isinstance(small.targets[0].target, cst.Name) and is_text(walker, small.value) \
                        and text_kind(walker, small.value, set(), known | names) == "constant":
                    names.add(small.targets[0].target.value)
                elif isinstance(small, cst.AugAssign) and isinstance(small.target, cst.Name):
                    names.discard(small.target.value)  # `msg += details`: no longer fixed text
    return names


def _answers_probe(walker, target: cst.Return, state) -> bool:
    """``if registry.is_available(lang): return {"status": "success", "message": ...} else: return
    {"status": "error", "message": f"{lang} is not available"}``: both sides of one test answer
    with fixed text only, so the tool's answer is the test's outcome (a probe) and the "error"
    is one of its answers, not a failure of the call."""
    paired = _paired_return(walker, target)
    other = paired[1] if paired is not None else None
    if other is None or not isinstance(other.value, cst.Dict):
        return False
    function = getattr(walker, "_function", None) or walker.handler.function
    return status_keys(walker, other.value) & status_keys(walker, target.value) != set() \
        and text_kind(walker, other.value, set(), set(state.values) | parameter_names(function)) == "constant"


def _answers_verdict(walker, target: cst.Return, state) -> bool:
    """``if not EMAIL.fullmatch(address): return "Invalid email address"`` then ``return "Valid
    email address"``: both sides of one test on an argument only return fixed text (a string or
    text content naming no value), so the text is the tool's verdict on the value, not a refusal
    of it. Text that echoes the value (``f"Mode {mode!r} is not supported"``), a side that does
    other work first (``send(address); return "Sent"``) or a test that the value was given at all
    (``if not dataset: return "Error: specify a dataset"``) is no verdict."""
    paired = _paired_return(walker, target)
    if paired is None or is_presence_test(walker, paired[0].test, state):
        return False
    return all(side.value is not None and value_kind(walker, side.value) in ("str", "content")
               and _fixed_text(side.value) for side in (target, paired[1]))


def _fixed_text(node: cst.BaseExpression) -> bool:
    """Literal text only: a string (an f-string with no expressions), or a list or a call
    (``[TextContent(type="text", text="...")]``) whose elements and arguments are such text."""
    if isinstance(node, cst.SimpleString):
        return True
    if isinstance(node, cst.ConcatenatedString):
        return _fixed_text(node.left) and _fixed_text(node.right)
    if isinstance(node, cst.FormattedString):
        return all(isinstance(part, cst.FormattedStringText) for part in node.parts)
    if isinstance(node, (cst.List, cst.Tuple)):
        return bool(node.elements) and all(isinstance(e, cst.Element) and _fixed_text(e.value) for e in node.elements)
    if isinstance(node, cst.Call):
        return bool(node.args) and all(not arg.star and _fixed_text(arg.value) for arg in node.args)
    return False


def _paired_return(walker, target: cst.Return) -> tuple[cst.If, cst.Return] | None:
    """The ``if`` whose one side is ``target`` and its other side's ``return``, when both sides
    only return: ``if test: return a else: return b`` or ``if test: return a`` followed by
    ``return b`` (an ``elif`` chain has no pair). None otherwise."""
    function = getattr(walker, "_function", None) or walker.handler.function
    for block in statement_lists(function):
        for index, statement in enumerate(block):
            following = block[index + 1] if index + 1 < len(block) else None
            if isinstance(statement, cst.If) and not isinstance(statement.orelse, cst.If):
                body = _sole_return(statement.body)
                other_side = _sole_return(statement.orelse.body) if statement.orelse is not None \
                    else _sole_return(following) if following is not None else None
                pairs, test_if = ((body, other_side), (other_side, body)), statement
            elif isinstance(statement, cst.SimpleStatementLine) and any(s is target for s in statement.body):
                previous = block[index - 1] if index else None
                if not isinstance(previous, cst.If) or previous.orelse is not None:
                    continue
                pairs, test_if = ((_sole_return(statement), _sole_return(previous.body)),), previous
            else:
                continue
            for mine, other in pairs:
                if mine is target and other is not None:
                    return test_if, other
    return None


def _sole_return(block) -> cst.Return | None:
    """The ``return`` that is all a block (or a simple statement line) does, logging aside."""
    if isinstance(block, cst.SimpleStatementLine):
        statements = [block]
    elif isinstance(block, cst.IndentedBlock):
        statements = [s for s in block.body if not is_docstring_or_log(s)]
    elif isinstance(block, cst.SimpleStatementSuite):
        statements = [cst.SimpleStatementLine(body=block.body)]
    else:
        return None
    if len(statements) != 1 or not isinstance(statements[0], cst.SimpleStatementLine) \
            or len(statements[0].body) != 1 or not isinstance(statements[0].body[0], cst.Return):
        return None
    return statements[0].body[0]


def _failure(walker, state) -> tuple[str | None, str | None]:
    if state.failure == "except" and state.except_clause is not None:
        return "except", None
    if _past_name_search(state):
        return "unknown-name", None
    if (state.served is not None and not state.served and walker.handler.dispatches_on_name
            and (walker.handler.declarations is not None or state.unmatched is True) and not state.name_selected):
        return "unknown-name", None  # with no declarations known: the branch where a lookup by the name failed
    if state.failure == "swallowed" and state.except_clause is not None:
        return "swallowed", state.failure_key
    if state.failure in ("argument", "outcome", "refusal", "logged", "exhausted"):
        return state.failure, state.failure_key
    return None, None


def _past_name_search(state) -> bool:
    """The code after ``for h in HANDLERS: if h.can_handle(name): return h.handle(...)`` (or a
    loop comparing each item's name with the requested one): only a name no item served gets
    there, so a tool result returned there answers an unknown tool (the flow walk marks the
    path with the caller reason ``("unknown-name", None)``; an ``except KeyError`` of
    ``TABLE[name]`` is marked the same way and is an ``except`` path first)."""
    return state.caller_reason == ("unknown-name", None) and not state.name_selected


#: Fixed text that says the work failed: it starts with "Error" / "Failed" / an HTTP error status
#: ("401: API authentication failed"), or says "timed out", "could not", "unable to" ... A fallback
#: answer ("No results found", "unknown", "N/A", a default value) says none of that.
_FAILED_TEXT = re.compile(r"^\W*(error|errors|failed|failure|fatal|exception)\b|^\W*[45]\d\d\b"
                          r"|\b(failed|timed out|timeout|could not|couldn't|unable to|went wrong)\b"
                          r"|\b(unsuccessful(ly)?|(did not|didn't) succeed|(was|were) a problem"
                          r"|(encountered|ran into|hit) (a|an) (problem|issue))\b"
                          r"|\b(was|were|is|has|have|has been|have been) not( been)? \w+ successfully\b", re.IGNORECASE)


#: Fixed text that opens by saying the work failed ("Failed to create event", "Could not save
#: the draft", "Unable to reach the calendar"); not a search that found nothing ("Could not find
#: any ...", judged as a lookup by its wording instead).
_FAILED_OPENING = re.compile(r"^\W*(failed|failure|error|unable to|could not|couldn't|cannot|can't)\b"
                             r"(?!.*\b(find|locate|match|matching|any)\b)", re.IGNORECASE)


def _opens_with_failure(node: cst.BaseExpression) -> bool:
    """The first message text of the returned value opens with :data:`_FAILED_OPENING`: after
    ``event = manager.create_event(request)`` then ``if not event:``, the empty answer of the
    tool's own call is a failure only when the text says so ("Failed to create event"); "No
    events yet" or a default is an answer."""
    for text in message_texts(node):
        first = _SENTENCE_END.split(text.strip(), maxsplit=1)[0]
        return bool(_FAILED_OPENING.match(text)) or bool(_FAILED_SENTENCE.search(first))
    return False


#: A first sentence that says, past its subject, that the work was not done: "The build was not
#: recorded successfully.", "The upload was unsuccessful", "Saving the draft did not succeed",
#: "The invoice could not be created"; not "could not be found" (a lookup, judged by its wording).
_FAILED_SENTENCE = re.compile(r"\b((was|were|is|are|has been|have been) not( been)? \w+ successfully"
                              r"|(was|were|is) unsuccessful|(did not|didn't) succeed"
                              r"|(could not|couldn't|cannot|can't) be (?!found|located|matched)\w+ed)\b",
                              re.IGNORECASE)


#: Text labelled as an error by its first word: "Error: ...", "ERROR: ...", "❌ Error: ...".
_ERROR_LABEL = re.compile(r"^\W{0,3}error\s*:", re.IGNORECASE)


def _labelled_error(node: cst.BaseExpression | None) -> bool:
    """A tool's text result whose first message opens with the label "Error:" says itself that
    the call failed, like a ``{"status": "error"}`` dict, wherever it is returned (a precondition
    refused, ``return "Error: Cannot write while a test sequence is running"``). "Errors: 3" or
    "Error count" is a report's heading, not the label."""
    if node is None:
        return False
    for text in message_texts(node):
        return bool(_ERROR_LABEL.match(text))
    return False


def _status_like_inside(walker, target: cst.Return, value: cst.BaseExpression | None) -> bool:
    """The dict returned past a poll loop has the keys of a dict the loop itself returns
    (``{"status": "ready", "index": i}`` / ``{"status": "timeout", "index": i}``): a watcher
    answering how the thing stands, in the same shape either way."""
    if not isinstance(value, cst.Dict):
        return False
    keys = _dict_keys(walker, value)
    function = getattr(walker, "_function", None) or walker.handler.function

    return any(isinstance(n, cst.Return) and n is not target and isinstance(n.value, cst.Dict)
               and _dict_keys(walker, n.value) == keys for n in walk(function.body, into_nested_scopes=False))


def _dict_keys(walker, value: cst.Dict) -> frozenset:
    return frozenset(walker.evaluator.eval(e.key) for e in value.elements if isinstance(e, cst.DictElement))


def _says_it_failed(node: cst.BaseExpression) -> bool:
    """A message text of the returned value (a string, the ``text`` of content, a dict's value)
    that :data:`_FAILED_TEXT` matches."""
    return any(_FAILED_TEXT.search(text) for text in message_texts(node))


#: The first sentence of a message that says the argument could not be served: "Unknown
#: level 'x'", "Dataset 'x' not loaded", "Invalid quarter", "Project 'x' does not exist".
_REFUSED_OPENING = re.compile(r"\b(unknown|unrecogni[sz]ed|not recogni[sz]ed|not loaded|not available|not found"
                              r"|no such|(does not|doesn't) exist|(could not|couldn't|cannot|can't|unable to) find"
                              r"|invalid|unsupported|not supported|not (a )?valid|not allowed|must be"
                              r"|(is|are) required|missing|not (provided|specified|given|supplied)"
                              r"|no \w+( \w+)? (provided|specified|given|supplied|selected))\b"
                              r"|^\W*error\b|^\W*please (provide|specify|supply|enter|give|pass|include|set|choose|select)\b",
                              re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.!?;:\n](\s|$)")


def _opens_with_refusal(node: cst.BaseExpression) -> bool:
    """Whether the first message text of a prompt's return opens with a refusal of the
    argument (its first sentence, up to ``.``/``:``/``;``): "Unknown level {}: use beginner or
    advanced." does; a prompt that degrades ("Write a summary of {} in a neutral tone.", or one
    that does the task and mentions what was missing further on) does not."""
    for text in message_texts(node):
        first = _SENTENCE_END.split(text.strip(), maxsplit=1)[0]
        return bool(_REFUSED_OPENING.search(first))
    return False


#: Fixed text that refuses what the caller asked for: "Only single statements are supported",
#: "... is not allowed", "Invalid ...", "... must be ...", "Cannot ...", "Unsupported ...".
_REFUSAL = re.compile(r"\bonly\b.*\b(supported|allowed|permitted|accepted)\b"
                      r"|\bnot\s+(supported|allowed|permitted|accepted|a valid|valid)\b"
                      r"|\b(invalid|unsupported|forbidden|disallowed|prohibited|refused|rejected)\b"
                      r"|\bmust\s+(be|not|have|contain|include|start|end|specify|provide)\b"
                      r"|\b(cannot|can't|can not)\s+(be|use|combine|mix|accept|run|execute)\b"
                      r"|^\s*error\b|\b(is|are) required\b|\bat least one\b", re.IGNORECASE)
#: An empty answer to a search or a listing ("No functions found for topic 'x'", "No matching
#: documents found", "No results"): a successful result, even in a dict that says
#: ``"success": False``.
_EMPTY_RESULT = re.compile(r"^\W*no\s+(\w+\s+){0,3}?(found|matched|available)\b|^\W*no (results|matches)\b"
                           r"|^\W*nothing (found|matched)\b", re.IGNORECASE)
