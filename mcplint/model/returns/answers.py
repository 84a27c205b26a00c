"""A failure the tool reports on, not a failure of the call: the answer a tool was asked for.

A return on a failure path is the tool's answer, not its failure, when:

* the tool's purpose is to report on the thing that failed (:mod:`.purpose`): a probe's
  ``except`` (``db_health`` answers "unhealthy: connection refused"), a validator's ``except``
  or refusal (``validate_json`` answers "invalid JSON at line 3"), the outcome a status,
  existence, probe or tester tool reads (``build_result`` answers "failed at step 3"), a failed
  lookup of an existence query (``item_exists`` answers "does not exist"), a result marked
  failed that carries the subject's data (``job_status`` answers ``{"status": "error",
  "message": job["message"]}``);
* the failure side of a test answers in the same shape as the success side, with the same
  data (``{"status": code, "ok": False, "body": text}`` against ``{"status": code, "ok": True,
  "body": text}``, ``{"partial": True, "deleted": ..., "failed": ...}`` against ``{"partial":
  False, "deleted": ..., "failed": []}``): the result reports the outcome either way;
* the failed outcome's answer carries the outcome's data, not only its error (``f"Synced
  {result['synced']} items; {len(result['errors'])} failed"``);
* a prompt degrades instead of failing: its message is still a prompt about the caller's
  argument, naming the part that could not be fetched ("Write release notes for {version}.
  The change list could not be fetched ({exc}); ask the user for it.").

MCP specification 2025-11-25, server/tools "Error Handling": ``isError`` says the tool call
failed; a probe or validator whose call worked succeeded, whatever it found.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import libcst as cst

from mcplint.model.errors import handler_catches
from mcplint.model.module_info import walk
from mcplint.model.returns.echoes import request_echoes_dropped
from mcplint.model.returns.except_clauses import handed_to_calls
from mcplint.model.returns.outcomes import ERROR_MARKS, outcome_partners
from mcplint.model.returns.purpose import tool_purposes
from mcplint.model.returns.shapes import is_failure_envelope
from mcplint.model.returns.statements import message_texts, parameter_names, statement_lists

if TYPE_CHECKING:
    from mcplint.model.flow import HandlerWalker, State

#: purposes under which each kind of failure path is the tool's answer
_ANSWERING = {
    "except": {"probe", "validator"},
    "outcome": {"probe", "validator", "state", "existence", "tester"},
    "lookup": {"existence"},
    "refusal": {"validator"},
    "envelope": {"probe", "validator", "state", "existence", "tester"},
}
_BROAD = {"Exception", "BaseException", "*"}
#: keys a failure dict holds for the failure itself, not for the data of an answer
_FAILURE_KEYS = {"error", "errors", "error_type", "errorType", "error_code", "errorCode", "success", "ok", "status",
                 "code", "details", "detail", "status_code", "statusCode", "message", "msg", "reason", "hint",
                 "suggestion", "error_message", "errorMessage", "type", "exception", "traceback", "stderr"}
#: fields of a call's result that describe its failure (``resp.text``, ``data["message"]``)
_FAILURE_FIELDS = _FAILURE_KEYS | {"text", "content", "body", "json", "reason_phrase", "returncode", "return_code",
                                   "exit_code", "stdout", "output", "result", "url", "headers", "description",
                                   "raise_for_status", "get", "strip", "decode", "args", "cmd", "command"}
_FAILURE_WORDS = {"error", "errors", "failed", "failure", "fail", "fatal", "exception", "unable", "cannot", "could",
                  "sorry", "invalid", "unknown", "missing"}
_FAILURE_PARTS = re.compile(r"err|message|msg|reason|detail", re.IGNORECASE)


def answers_subject(walker: HandlerWalker, node: cst.Return, state: State, failure: str, text: str | None,
                    key: str | None) -> bool:
    """True when the return on this ``failure`` path is the tool's answer about something it
    was asked to check rather than a failure of its own call (see the module docstring)."""
    if failure in ("argument", "unknown-name"):
        return False
    if failure == "except" and walker.handler.kind == "prompt":
        return _degraded_prompt(walker, node, state)
    clause = state.except_clause if state.failure == "except" else None
    if failure == "envelope" and clause is not None:
        failure = "except"  # a failure envelope built in an `except` clause: judged as the clause
    purposes = tool_purposes(walker.handler, state.served) & _ANSWERING.get(failure, set())
    if failure == "except" and clause is not None:
        purposes = _except_answers(walker, clause, state, purposes)
    if failure == "outcome" and purposes == {"state"} and _envelope_only(walker, node):
        purposes = set()  # `helm status` failed: {"success": False, "error": stderr} reports no state
    if purposes and not (failure == "envelope" and text == "constant"):
        return True  # "Helm is not available on this system" is the tool's own failure
    if failure in ("outcome", "envelope") and _same_shape_answer(walker, node, state, _message_partners(walker, key)):
        return True
    if failure in ("lookup", "outcome", "envelope") and _flagged_answer(walker, node):
        return True
    return failure == "outcome" and key is not None and node.value is not None \
        and _reads_outcome_data(walker, node.value, key)


def _envelope_only(walker, node: cst.Return) -> bool:
    """The returned value is (or serialises) a dict that says it failed and carries no data."""
    found = _answer_dict(node.value)
    return found is not None and is_failure_envelope(walker, found)


def _except_answers(walker, clause: cst.ExceptHandler, state, purposes: set[str]) -> set[str]:
    """The purposes an ``except`` answer serves: a probe's when its ``try`` body hands no
    argument value to the work it does (``connect_to_bucket(cluster, bucket_name)`` may fail
    for the caller's bad name); a validator's when the clause catches the specific error of
    the check (``except json.JSONDecodeError``), not every exception of the tool's own work."""
    kept = set()
    if "probe" in purposes:
        tried = _try_of(walker, clause)
        if tried is not None and not handed_to_calls(tried.body) & set(state.values):
            kept.add("probe")
    if "validator" in purposes and not set(handler_catches(walker.info, clause)) & _BROAD:
        kept.add("validator")
    return kept


def _try_of(walker, clause: cst.ExceptHandler) -> cst.Try | None:
    function = getattr(walker, "_function", None) or walker.handler.function
    for node in walk(function.body, into_nested_scopes=False):
        if type(node) is cst.Try and any(handler is clause for handler in node.handlers):
            return node
    return None


# -- the same answer on both sides ----------------------------------------------------------------
def _message_partners(walker, key: str | None) -> set[str]:
    """The names unpacked beside an outcome flag ``key`` (``ok, why = check(...)``): on the
    failed side they hold the failure's own message."""
    return outcome_partners(walker, key) if key else set()


def _same_shape_answer(walker, target: cst.Return, state, messages: set[str] = frozenset()) -> bool:
    """The failure side's dict and the other side's dict of the test that separates them share
    a data key (not an error, status or message key) that the failure side fills with computed
    data (not a literal, not an echo of the arguments: ``{"file": path, "success": False}``).
    Text with the same opening words on both sides is a report in one shape, unless the failure
    side's text carries the failure's own message (``messages``: ``f"Backup of {db} did not
    complete: {why}"`` of ``ok, why = run_backup(db)``)."""
    other = _other_side(walker, target)
    if other is None:
        return False
    opening = _opening_words(target.value)
    carries_message = any(isinstance(n, cst.Name) and n.value in messages
                          for n in walk(target.value, into_nested_scopes=False)) if target.value is not None else False
    if len(opening) >= 2 and opening == _opening_words(other.value) \
            and not _FAILURE_WORDS.intersection(opening) and not carries_message:
        return True  # "Script exited with code {code}" / "Script exited with code 0"
    mine = _answer_dict(target.value)
    theirs = _answer_dict(other.value) if mine is not None else None
    if theirs is None or is_failure_envelope(walker, theirs):
        return False  # both sides fail
    function = getattr(walker, "_function", None) or walker.handler.function
    echoes = set(state.values) | parameter_names(function)
    dropped = request_echoes_dropped(walker, mine, state, values=True)  # `"chunk_id": args.chunk_id`
    mine = dropped if isinstance(dropped, cst.Dict) else mine
    shared = _data_keys(walker, mine, echoes) & _data_keys(walker, theirs)
    return bool(shared)


def _flagged_answer(walker, target: cst.Return) -> bool:
    """Both sides of the test answer with one dict whose own flag says which side it is:
    ``{"found": False, "message": ...}`` against ``{"found": True, "folder_id": ...}``
    (``exists``, ``available``, ``match``): the answer to the question the tool was asked, not
    a failure (the flag is not one of a failure envelope's: ``success``, ``ok``, ``status``)."""
    other = _other_side(walker, target)
    mine = _answer_dict(target.value)
    theirs = _answer_dict(other.value) if other is not None and mine is not None else None
    if theirs is None or is_failure_envelope(walker, mine):
        return False  # `{"success": False, "conditionMet": False, "error": ...}` says it failed
    if _error_entries(walker, mine) - _error_entries(walker, theirs):
        return False  # `{"synced": False, "errors": [...]}` against `{"synced": True}`: the flag of a failure
    mine_flags, their_flags = _answer_flags(walker, mine), _answer_flags(walker, theirs)
    return any(their_flags.get(key) == (not value) for key, value in mine_flags.items())


def _error_entries(walker, node: cst.Dict) -> set[str]:
    """The keys of a dict literal that name an error (``"error"``, ``"errors"``, ``"failed"``)."""
    keys = {walker.evaluator.eval(e.key) for e in node.elements if isinstance(e, cst.DictElement)}
    return {key for key in keys if isinstance(key, str) and key in ERROR_MARKS}


def _answer_flags(walker, node: cst.Dict) -> dict[str, bool]:
    """The entries of a dict literal set to literal ``True``/``False``, envelope flags aside."""
    flags = {}
    for element in node.elements:
        if isinstance(element, cst.DictElement) and isinstance(element.value, cst.Name) \
                and element.value.value in ("True", "False"):
            key = walker.evaluator.eval(element.key)
            if isinstance(key, str) and key not in _FAILURE_KEYS:
                flags[key] = element.value.value == "True"
    return flags


def _opening_words(node: cst.BaseExpression | None) -> tuple[str, ...]:
    """The first two words of the returned message's fixed opening (an interpolation ends it)."""
    texts = list(message_texts(node)) if node is not None else []
    opening = texts[0].split("{}", 1)[0] if texts else ""
    return tuple(w.lower() for w in re.findall(r"\w+", opening)[:2])


def _answer_dict(node: cst.BaseExpression | None) -> cst.Dict | None:
    """The dict literal a returned value is (or serialises: ``json.dumps({...})``, text content
    around it): the first dict literal met, when there is exactly one at the top."""
    if node is None:
        return None
    if isinstance(node, cst.Dict):
        return node
    found = [inner for inner in walk(node, into_nested_scopes=False) if isinstance(inner, cst.Dict)]
    return found[0] if found else None


def _data_keys(walker, node: cst.Dict, echoes: set[str] | None = None) -> set[str]:
    """The data keys of a dict literal that hold a value (with ``echoes``: computed data, not a
    literal or an echo of those names; ``{"text": "", "engine": "none"}`` is the emptied shape
    of a result)."""
    keys = set()
    for element in node.elements:
        if not isinstance(element, cst.DictElement):
            continue
        key = walker.evaluator.eval(element.key)
        if isinstance(key, str) and key not in _FAILURE_KEYS and not _empty(element.value) \
                and not (echoes is not None and _echo(element.value, echoes)):
            keys.add(key)
    return keys


def _echo(node: cst.BaseExpression, echoes: set[str]) -> bool:
    """A literal, or built only from ``echoes`` (``context or "current"``, ``{"name": name}``)."""
    names = {inner.value for inner in walk(node, into_nested_scopes=False) if isinstance(inner, cst.Name)}
    return names <= echoes | {"True", "False", "None"}


def _empty(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.Name) and node.value == "None":
        return True
    return isinstance(node, (cst.List, cst.Tuple, cst.Dict)) and not node.elements


def _other_side(walker, target: cst.Return) -> cst.Return | None:
    """The sole return of the other side of the ``if`` whose side ``target`` is: its ``else``
    or body, or the return right after an ``if`` without ``else`` (either way round)."""
    function = getattr(walker, "_function", None) or walker.handler.function
    for block in statement_lists(function):
        for index, statement in enumerate(block):
            following = block[index + 1] if index + 1 < len(block) else None
            if isinstance(statement, cst.If):
                body = _sole_return(statement.body)
                if statement.orelse is None:
                    other = _sole_return(following) if following is not None else None
                elif isinstance(statement.orelse, cst.Else):
                    other = _sole_return(statement.orelse.body)
                else:
                    other = None
                if body is target:
                    return other
                if other is target:
                    return body
    return None


def _sole_return(block) -> cst.Return | None:
    """The last ``return`` of a block (or a simple statement line) when it ends with one."""
    if isinstance(block, cst.SimpleStatementLine):
        last = block
    elif isinstance(block, cst.IndentedBlock) and block.body:
        last = block.body[-1]
    elif isinstance(block, cst.SimpleStatementSuite):
        return block.body[-1] if block.body and isinstance(block.body[-1], cst.Return) else None
    else:
        return None
    if isinstance(last, cst.SimpleStatementLine) and last.body and isinstance(last.body[-1], cst.Return):
        return last.body[-1]
    return None


# -- the outcome's data ----------------------------------------------------------------------------
def _reads_outcome_data(walker, node: cst.BaseExpression, local: str) -> bool:
    """``result["synced"]``, ``build["failed_step"]``, ``run.id``: the answer reads a field of the
    failed outcome that describes what was done, not only its error."""
    for inner in walk(node, into_nested_scopes=False):
        field = _field_of(walker, inner, local)
        if isinstance(field, str) and field not in _FAILURE_FIELDS and not _FAILURE_PARTS.search(field):
            return True
    return False


def _field_of(walker, node: cst.CSTNode, local: str) -> object:
    if isinstance(node, cst.Subscript) and isinstance(node.value, cst.Name) and node.value.value == local \
            and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index):
        return walker.evaluator.eval(node.slice[0].slice.value)
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "get" \
            and isinstance(node.func.value, cst.Name) and node.func.value.value == local and node.args:
        return walker.evaluator.eval(node.args[0].value)
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == local:
        return node.attr.value
    return None


# -- a prompt that degrades --------------------------------------------------------------------------
_FAILURE_OPENING = re.compile(r"^\W*(error|errors|failed|failure|fatal|exception|sorry|unable|could not|couldn't"
                              r"|cannot|can't|oops|an error|the request failed)\b|^\W*[45]\d\d\b", re.IGNORECASE)


def _degraded_prompt(walker, node: cst.Return, state) -> bool:
    """The ``except`` answer of a prompt is still a prompt about the caller's argument: its text
    names an argument value and does not open with the failure ("Write release notes for
    {version}. The change list could not be fetched ({exc}); ask the user for it.")."""
    if node.value is None:
        return False
    texts = [inner for inner in walk(node.value, into_nested_scopes=False) if isinstance(inner, cst.FormattedString)]
    for text in texts:
        opening = "".join(p.value if isinstance(p, cst.FormattedStringText) else "{}" for p in text.parts)
        names = {n.value for part in text.parts if isinstance(part, cst.FormattedStringExpression)
                 for n in walk(part.expression) if isinstance(n, cst.Name)}
        if names & set(state.values) and opening.strip() and not _FAILURE_OPENING.search(opening) \
                and not opening.lstrip().startswith("{"):
            return True
    return False
