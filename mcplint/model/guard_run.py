"""Run a helper's guards on a known value: does the helper raise on it, or let it through?

``Version.parse(args.get("since") or "0.0.0")`` with ``parse`` raising only where ``len(parts)
!= 3 or not all(p.isdigit() for p in parts)``: handed ``"0.0.0"`` the helper answers a version,
so the default stands in for the missing argument (MCP101); handed ``""`` it raises, which
rejects the missing argument. Without this, any helper with a ``raise`` somewhere was taken as
one that *may* reject the default, and the default was left unjudged.

The run is straight-line and bounded: assignments to plain names are evaluated, an ``if`` whose
test evaluates is followed into the branch taken, a ``return`` ends the run. Anything the
evaluator cannot decide on a path that holds a ``raise`` (an unknown test, a loop, a ``try``, a
call statement) makes the answer unknown.
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from mcplint.model.evaluate import UNKNOWN

#: Outcomes of :func:`run_guards`.
RAISES, PASSES = "raises", "passes"
_MAX_STATEMENTS = 40


def run_guards(evaluator, function: cst.FunctionDef, env: dict[str, Any]) -> str | None:
    """``RAISES`` when ``function``'s body, run on the parameter values in ``env`` (evaluated
    with ``evaluator``, an :class:`~mcplint.model.evaluate.Evaluator` of the function's module),
    reaches a ``raise``; ``PASSES`` when it reaches a ``return`` or its end without one; None
    when that cannot be told. ``env`` is copied, not changed."""
    budget = [_MAX_STATEMENTS]
    outcome = _block(evaluator, _statements(function.body), dict(env), budget)
    if outcome == "end":
        return PASSES
    return outcome


def reached_return(evaluator, function: cst.FunctionDef, env: dict[str, Any], fixed: frozenset[str]) -> cst.Return | None:
    """The ``return`` statement ``function``'s body reaches when run on ``env`` (as
    :func:`run_guards` runs it), the names in ``fixed`` keeping their value in ``env`` however
    the body assigns them (``name = arguments.get("reviewer")`` holds the missing value the
    caller left out). None when the run raises, falls off the end or cannot be told."""
    budget = [_MAX_STATEMENTS]
    trace: list[cst.Return] = []
    outcome = _block(evaluator, _statements(function.body), dict(env), budget, (trace, fixed))
    return trace[-1] if outcome == PASSES and trace else None


def _statements(suite: cst.BaseSuite) -> list[cst.BaseStatement]:
    if isinstance(suite, cst.IndentedBlock):
        return list(suite.body)
    return [cst.SimpleStatementLine(body=list(suite.body))] if isinstance(suite, cst.SimpleStatementSuite) else []


def _block(evaluator, statements, env: dict[str, Any], budget: list[int], trace=None) -> str | None:
    """``RAISES``/``PASSES`` (a ``return``), ``"end"`` (fell through), None (unknown). ``trace``
    (:func:`reached_return`): the list the reached ``return`` goes to, and the fixed names."""
    for statement in statements:
        budget[0] -= 1
        if budget[0] < 0:
            return None
        if isinstance(statement, cst.SimpleStatementLine):
            outcome = _simple(evaluator, statement, env, trace)
        elif isinstance(statement, cst.If):
            outcome = _if(evaluator, statement, env, budget, trace)
        elif _holds_raise(statement) or (trace is not None and _holds_return(statement)):
            return None  # a loop, try or with that may raise: not followed
        else:
            _forget_assigned(statement, env)
            outcome = "end"
        if outcome != "end":
            return outcome
    return "end"


def _simple(evaluator, line: cst.SimpleStatementLine, env: dict[str, Any], trace=None) -> str | None:
    for small in line.body:
        if isinstance(small, cst.Raise):
            return RAISES if small.exc is not None else None
        if isinstance(small, cst.Return):
            if trace is not None:
                trace[0].append(small)
            return PASSES
        if isinstance(small, (cst.Assign, cst.AnnAssign)):
            targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else [small.target]
            value = evaluator.eval(small.value, env) if small.value is not None else UNKNOWN
            for target in targets:
                if isinstance(target, cst.Name) and trace is not None and target.value in trace[1]:
                    continue  # a fixed name: it holds the argument's missing value
                if isinstance(target, cst.Name):
                    env[target.value] = value
                else:
                    return None  # an unpacking or attribute: state the run does not keep
        elif isinstance(small, cst.Expr) and isinstance(small.value, (cst.SimpleString, cst.ConcatenatedString)):
            continue  # a docstring
        elif isinstance(small, (cst.Pass, cst.Expr)):
            if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
                return None  # a call statement may raise on the value (`check(value)`)
        else:
            return None
    return "end"


def _if(evaluator, statement: cst.If, env: dict[str, Any], budget: list[int], trace=None) -> str | None:
    test = evaluator.eval(statement.test, env)
    if test is UNKNOWN:
        if _holds_raise(statement) or (trace is not None and _holds_return(statement)):
            return None
        _forget_assigned(statement, env)
        return "end"
    if test:
        return _block(evaluator, _statements(statement.body), env, budget, trace)
    if isinstance(statement.orelse, cst.If):
        return _if(evaluator, statement.orelse, env, budget, trace)
    if isinstance(statement.orelse, cst.Else):
        return _block(evaluator, _statements(statement.orelse.body), env, budget, trace)
    return "end"


def _holds_return(node: cst.CSTNode) -> bool:
    """Whether ``node`` holds a ``return`` of its own function (nested scopes aside)."""
    return _holds(node, cst.Return)


def _holds_raise(node: cst.CSTNode) -> bool:
    """Whether ``node`` holds a ``raise`` of its own function (nested scopes aside)."""
    return _holds(node, cst.Raise)


def _holds(node: cst.CSTNode, kind: type) -> bool:
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, kind):
            return True
        if isinstance(current, (cst.FunctionDef, cst.ClassDef, cst.Lambda)) and current is not node:
            continue
        stack.extend(current.children)
    return False


def _forget_assigned(node: cst.CSTNode, env: dict[str, Any]) -> None:
    """Names a statement not followed may rebind are no longer known."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Name) and current.value in env:
            env[current.value] = UNKNOWN
        stack.extend(current.children)
