"""A check's verdict that refused the request, handed back by the tool as its result.

``v = validate_booking(booking_id)`` then ``if not v["valid"]: return v``: the tool ran a check
on the caller's input (a project validator, an authorisation, a policy), the verdict says the
input did not pass, and the tool sends the verdict itself as an ordinary result. The verdict
is spelled as a key (``v["valid"]``, ``v.get("is_valid")``), an attribute (``auth.authorized``)
or a method asked without arguments (``form.is_valid()``). Which side of the test failed is
told by :func:`verdict_flag` (used by :mod:`.outcomes`); what the returned verdict is on the
wire by :func:`returned_verdict_kind`.
"""

from __future__ import annotations

import re

import libcst as cst

from mcplint.model.module_info import dotted_name, walk
from mcplint.model.returns.callees import project_callee
from mcplint.model.returns.statements import literal_text

#: Flags of a check's verdict that the checked input passed: the side where one is unset answers
#: a request the check refused. Not ``active``/``enabled`` (the state of a thing the tool reports
#: on) nor ``exists`` (an existence query's answer).
VERDICT_FLAGS = frozenset({
    "valid", "is_valid", "isValid", "authorized", "is_authorized", "isAuthorized", "authorised",
    "allowed", "is_allowed", "isAllowed", "permitted", "is_permitted", "granted",
})


def verdict_flag(node: cst.BaseExpression) -> tuple[cst.BaseExpression | None, str | None]:
    """(the verdict, the flag) of ``form.is_valid()`` / ``policy.allowed()``: a method of the
    verdict asked with no arguments; (None, None) for anything else (keys and attributes are
    read by :func:`~.outcomes.keyed_access`)."""
    if isinstance(node, cst.Call) and not node.args and isinstance(node.func, cst.Attribute) \
            and node.func.attr.value in VERDICT_FLAGS:
        return node.func.value, node.func.attr.value
    return None, None


def returned_verdict_kind(walker, value: cst.BaseExpression | None, local: str, value_of) -> str | None:
    """The shape (:func:`~.shapes.value_kind`) of ``return v`` when ``v`` is the verdict local the
    failed test read: the shape every ``return`` of the project check it was bound to builds
    (``def validate_booking(...)`` returning ``{"valid": False, "message": ...}`` and ``{"valid":
    True}``: a dict; a local it hands on, ``return employee`` of a check it ran first, is left
    out). ``value_of`` is the shape function. None when ``value`` is not the bare
    local, the check is not a project function, or its returns differ in shape."""
    if not isinstance(value, cst.Name) or value.value != local:
        return None
    call = _sole_call_bound(getattr(walker, "_function", None) or walker.handler.function, local)
    callee = project_callee(walker, call) if call is not None else None
    if callee is None:
        return None
    kinds = {value_of(walker, node.value) for node in walk(callee.body, into_nested_scopes=False)
             if isinstance(node, cst.Return) and not isinstance(node.value, cst.Name)}
    return kinds.pop() if len(kinds) == 1 and kinds <= {"dict", "str", "content"} else None


def _sole_call_bound(function: cst.FunctionDef, local: str) -> cst.Call | None:
    """The call of ``local = [await] check(...)`` when that is the one binding of ``local``."""
    found: list[cst.BaseExpression] = []
    for node in walk(function.body, into_nested_scopes=False):
        if isinstance(node, cst.Assign):
            if any(isinstance(t.target, cst.Name) and t.target.value == local for t in node.targets):
                found.append(node.value)
            elif any(isinstance(n, cst.Name) and n.value == local for t in node.targets for n in walk(t.target)):
                return None
        elif isinstance(node, (cst.AnnAssign, cst.AugAssign, cst.For, cst.NamedExpr, cst.AsName)):
            target = getattr(node, "target", None) or getattr(node, "name", None)
            if target is not None and any(isinstance(n, cst.Name) and n.value == local for n in walk(target)):
                return None
    if len(found) != 1:
        return None
    value = found[0].expression if isinstance(found[0], cst.Await) else found[0]
    return value if isinstance(value, cst.Call) else None


#: The first word of a call that changes something for the caller (an action whose empty or
#: false answer says it was not done), not one that asks (``is_available``, ``check_host``).
_ACTION_VERBS = frozenset({
    "abort", "accept", "attach", "ban", "block", "claim", "confirm", "detach", "follow", "grant", "link", "mute",
    "pause", "release", "renew", "resume", "retry", "revert", "rotate", "suspend", "unblock", "unlink", "add", "append", "apply", "approve", "archive", "assign", "book", "cancel", "charge", "close", "commit",
    "complete", "copy", "create", "delete", "deploy", "disable", "enable", "enqueue", "execute", "finish",
    "import", "insert", "install", "invite", "kill", "lock", "mark", "merge", "move", "pay", "post", "publish",
    "push", "put", "refund", "register", "remove", "rename", "reserve", "reset", "restore", "revoke", "run",
    "save", "schedule", "send", "set", "share", "start", "stop", "submit", "subscribe", "terminate", "transfer",
    "trigger", "uninstall", "unlock", "unregister", "unsubscribe", "update", "upload", "upsert", "write",
})


def acts_on_request(walker, local: str) -> bool:
    """``local`` is bound once to a call whose name opens with an action verb
    (``done = await client.complete_task(task_id)``, ``ok = store.delete_note(note_id)``): a
    false or empty answer says the action was not done, so a status dict answering it is the
    failure of the call, not a probe's answer (``if registry.is_available(lang)``)."""
    call = _sole_call_bound(getattr(walker, "_function", None) or walker.handler.function, local)
    return names_action(call)


def action_call(walker, local: str) -> cst.Call | None:
    """The call ``local`` is bound to, when that is its one binding and its name opens with an
    action verb (:func:`acts_on_request`)."""
    call = _sole_call_bound(getattr(walker, "_function", None) or walker.handler.function, local)
    return call if names_action(call) else None


def action_participles(call: cst.Call | None) -> set[str]:
    """The states named after the action ``call`` performs (``payments.refund(...)`` →
    ``refunded``; ``send_mail(...)`` → ``sent``): the action's own word for "done"."""
    if not names_action(call):
        return set()
    word = re.findall(r"[a-z]+|[A-Z][a-z]*", (dotted_name(call.func) or "").rsplit(".", 1)[-1])[0].lower()
    return _participles(word)


def names_action(call: cst.Call | None) -> bool:
    """The name of the function ``call`` runs opens with an action verb (``commit``,
    ``complete_task``, ``deleteNote``)."""
    name = (dotted_name(call.func) or "").rsplit(".", 1)[-1] if call is not None else ""
    words = re.findall(r"[a-z]+|[A-Z][a-z]*", name)
    return bool(words) and words[0].lower() in _ACTION_VERBS


#: Entries of a dict that tell why something failed.
_REASON_KEYS = frozenset({"error", "message", "reason", "detail"})


def says_action_not_done(walker, node: cst.BaseExpression | None) -> bool:
    """``{"aborted": False, "investigation_id": investigation_id, "error": "... not found"}``
    returned by ``abort_investigation``: the dict's flag named after the function's own action
    (its verb made a participle: abort → ``aborted``, delete → ``deleted``, cancel →
    ``cancelled``) is ``False`` beside text that says why: the action was not done, a failure
    the result states itself. A flag of some other word (``reachable``, ``exists``) is a probe's
    or a lookup's answer, not this."""
    dicts = [inner for inner in walk(node, into_nested_scopes=False) if isinstance(inner, cst.Dict)] \
        if node is not None else []
    if len(dicts) != 1:
        return False  # the dict itself, or serialised (`json.dumps({...})`, text content of it)
    node = dicts[0]
    function = getattr(walker, "_function", None) or walker.handler.function
    participles = {form for word in re.findall(r"[a-z]+|[A-Z][a-z]*", function.name.value)
                   if word.lower() in _ACTION_VERBS for form in _participles(word.lower())}
    flags, reasons = set(), False
    for element in node.elements:
        if not isinstance(element, cst.DictElement):
            return False
        key = walker.evaluator.eval(element.key)
        if key in participles and isinstance(element.value, cst.Name) and element.value.value == "False":
            flags.add(key)
        elif key in _REASON_KEYS and not isinstance(element.value, cst.Name) \
                and not says_no_op(literal_text(element.value)):
            reasons = True
    return bool(flags) and reasons


#: Text that says nothing needed doing ("Nothing to commit", "Already up to date"): a flag saying
#: no change was made beside it is an answer, not a failure.
_NO_OP = re.compile(r"^\W*(nothing\b|already\b|no changes?\b|skipped\b|up to date\b)", re.IGNORECASE)


def says_no_op(text: str) -> bool:
    """The text opens by saying nothing needed doing (:data:`_NO_OP`)."""
    return _NO_OP.match(text) is not None


def _participles(verb: str) -> set[str]:
    """abort → aborted, delete → deleted, cancel → cancelled / canceled, stop → stopped,
    send → sent (and the plain ``-ed`` forms)."""
    forms = {verb + "ed", verb + "d", verb + verb[-1] + "ed"}
    if verb.endswith("d"):
        forms.add(verb[:-1] + "t")  # send → sent
    return forms
