"""``return a if test else b``: two returns, one on each side of ``test``.

Also a conditional expression inside the returned payload (``[TextContent(type="text",
text="Deleted" if ok else "Failed to delete")]``): each side is the whole value with that
expression replaced by its side (:func:`~.statements.payload_ternary`).

A conditional expression returned whole is the ``if test: return a`` / ``else: return b`` it
means (``return {"status": "completed"} if done else {"status": "failed"}``, ``return "Deleted"
if removed else f"Note {note_id} not found"``): each side is judged as that ``if`` would have it
judged, the failure sides of the test as the forward walk marks them (:meth:`HandlerWalker.walk_if`).
The sides are the nodes of :func:`~.statements.ternary_if` (found again by the questions that
look for the other side of an ``if``); a finding goes to the original ``return``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from mcplint.model.returns.argument_tests import failure_sides, tests_argument_value
from mcplint.model.returns.outcomes import outcome_failure_sides
from mcplint.model.returns.statements import payload_ternary, ternary_ifs

if TYPE_CHECKING:
    from mcplint.model.flow import HandlerWalker, State


def ternary_sides(walker: HandlerWalker, node: cst.Return, state: State) -> list[tuple[cst.Return, State]]:
    """(the ``return`` of each side, the state on that side) of ``return a if test else b``;
    empty for any other ``return``."""
    if payload_ternary(node.value) is None:
        return []
    function = getattr(walker, "_function", None) or walker.handler.function
    split = ternary_ifs(function).get(id(node))
    if split is None:
        return []
    test = split.test
    true_fails, false_fails = failure_sides(walker, test, state)
    true_outcome, false_outcome = outcome_failure_sides(walker, test, state) if not (
        true_fails or false_fails) else (None, None)
    tests_value = not (true_fails or false_fails) and tests_argument_value(walker, test, state)
    reason = walker.test_reason(test, state)
    true_served, false_served = walker.narrow(test, state)
    sides = []
    for block, fails, outcome, served in ((split.body, true_fails, true_outcome, true_served),
                                          (split.orelse.body, false_fails, false_outcome, false_served)):
        side = state.copy()
        side.served = served
        mark_failure_side(side, fails, outcome, tests_value, reason)
        sides.append((block.body[0].body[0], side))
    return sides


def mark_failure_side(side: State, fails: bool, outcome: str | None, refused: bool, reason) -> None:
    """Mark ``side`` (the state of one side of a test) as the failure path the test makes it:
    an argument check failed there (``fails``, keyed by ``reason``'s argument), the tool's own
    call reported a failure (``outcome``: the local that failed), or the test on an argument's
    value may refuse it there (``refused``, only where no failure is known yet). Shared by
    :meth:`HandlerWalker.walk_if` and :func:`ternary_sides`."""
    if fails:
        side.failure, side.failure_key = "argument", reason[1] if reason else None
    elif outcome is not None:
        side.failure, side.failure_key = "outcome", outcome
    elif refused and side.failure is None:
        side.failure = "refusal"
