"""A dataclass's ``__post_init__`` run on the defaults handed to its fields.

``CompareSpec(repo=args.get("repo", ""), base=args.get("base", ""))`` with::

    def __post_init__(self):
        if not self.repo:
            raise ValueError("repo is required")
        if not self.base:
            self.base = "main"

Handed ``""`` for a missing ``repo``, the hook raises: the ``""`` default is rejected there, no
silent default. Handed ``""`` for a missing ``base``, it fills in ``"main"``: that assignment is
the value standing in for the missing argument, the default to report (written there). A run
that cannot be told (an unknown test, a call statement, a loop) leaves the default uncertain:
no finding. Python ``dataclasses``: ``__init__`` calls ``__post_init__`` after setting the
fields; attrs classes call ``__attrs_post_init__`` likewise.
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from mcplint.model.evaluate import UNKNOWN
from mcplint.model.guard_run import PASSES, RAISES, run_guards

#: What a field the caller did send holds in the run (only its truth and text matter to a check).
_SENT = "\x00sent"
#: The hooks a generated ``__init__`` calls after setting the fields.
_HOOKS = ("__post_init__", "__attrs_post_init__")


def judge_post_init(evaluator, cls: cst.ClassDef | None, handed: dict[str, Any]) -> None:
    """Judge each default in ``handed`` (field name -> the argument value, a flow ``Val`` whose
    ``default`` is a DefaultUse) by the class's post-init hook: ``rejected`` when the hook
    raises on it, ``origin`` moved to the hook's own assignment when the hook replaces it,
    ``uncertain`` when the run cannot be told and the hook tests the field. Nothing for a class
    without such a hook."""
    hook = _hook(cls)
    if hook is None:
        return
    fields = {name: value for name, value in handed.items()
              if value.default is not None and not value.default.rejected and value.default.value is not UNKNOWN}
    if not fields:
        return
    flat = _FlattenSelf(hook.params.params[0].name.value if hook.params.params else "self")
    body = hook.visit(flat)
    for name, value in fields.items():
        if name not in flat.read:
            continue  # the hook never looks at this field
        # the path on which only this argument is absent: the other fields hold a value the
        # caller sent (a stand-in text; a check it fails counts as a rejection, so no finding)
        env = {_flat(other): _SENT for other in flat.read}
        env[_flat(name)] = value.default.value
        outcome = run_guards(evaluator, body, env)
        if outcome == RAISES:
            value.default.rejected = True
        elif outcome == PASSES and name in flat.assigned:
            fill = _fill_for(hook, name, flat.receiver)
            if fill is not None:
                value.default.origin = fill
                value.default.value = evaluator.eval(fill, {})
        elif outcome is None:
            value.default.uncertain = True


def _hook(cls: cst.ClassDef | None) -> cst.FunctionDef | None:
    if cls is None or not isinstance(cls.body, cst.IndentedBlock):
        return None
    for statement in cls.body.body:
        if isinstance(statement, cst.FunctionDef) and statement.name.value in _HOOKS:
            return statement
    return None


def _flat(field: str) -> str:
    return f"self__{field}"


class _FlattenSelf(cst.CSTTransformer):
    """``self.base`` -> the plain name ``self__base`` (so the guard run, which keeps plain names
    only, follows the field); notes the fields read and assigned."""

    def __init__(self, receiver: str):
        super().__init__()
        self.receiver = receiver
        self.read: set[str] = set()
        self.assigned: set[str] = set()

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
        if isinstance(original.value, cst.Name) and original.value.value == self.receiver:
            self.read.add(original.attr.value)
            return cst.Name(_flat(original.attr.value))
        return updated

    def leave_AssignTarget(self, original: cst.AssignTarget, updated: cst.AssignTarget) -> cst.AssignTarget:
        target = original.target
        if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == self.receiver:
            self.assigned.add(target.attr.value)
        return updated


def _fill_for(hook: cst.FunctionDef, field: str, receiver: str) -> cst.BaseExpression | None:
    """The value of the (only) ``self.<field> = ...`` assignment in the hook as written."""
    found = []
    stack: list[cst.CSTNode] = [hook.body]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Assign) and len(node.targets) == 1:
            target = node.targets[0].target
            if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) \
                    and target.value.value == receiver and target.attr.value == field:
                found.append(node.value)
        stack.extend(node.children)
    return found[0] if len(found) == 1 else None
