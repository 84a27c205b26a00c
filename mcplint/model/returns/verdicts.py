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
    "add", "append", "apply", "approve", "archive", "assign", "book", "cancel", "charge", "close", "commit",
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
    name = (dotted_name(call.func) or "").rsplit(".", 1)[-1] if call is not None else ""
    words = re.findall(r"[a-z]+|[A-Z][a-z]*", name)
    return bool(words) and words[0].lower() in _ACTION_VERBS
