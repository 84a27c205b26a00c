"""A tool that sends on, untested, the value of a helper that swallowed its failure.

``results = await searcher.search(query)`` then ``return format(results)``, where ``search``
ends in ``except httpx.HTTPError as e: await ctx.error(...); return []``: when the helper's work
fails the tool answers the empty value as a success ("No results were found"), and the client
never learns the call failed. The fault is where the failure is swallowed (the helper's
``return``), with the tool's ``return`` as the related location, as for a swallowing context
manager (:mod:`.swallowed`). Only when the helper works on what the caller sent (a call handed
an argument value) and the tool never tests the value (a test of it, ``if not results:``, is a
choice the tool made: judged at that branch by :mod:`.outcomes`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from mcplint.model.module_info import memo_by_node, walk
from mcplint.model.returns.sentinels import swallowed_answer

if TYPE_CHECKING:
    from mcplint.model.flow import HandlerWalker, State

#: Nodes whose test decides a branch: a name read in one is a value the tool tested.
_TESTS = (cst.If, cst.While, cst.IfExp, cst.Assert, cst.CompIf)


def swallowed_helper_answers(walker: HandlerWalker, node: cst.Return,
                             state: State) -> list[tuple[cst.Return, cst.Call]]:
    """(the helper's swallowing ``return``, the call) for each call whose value the tool's
    ``return`` sends on untested: the call itself in the returned value, or a local bound once
    to it and read by no test of the tool."""
    if walker.walks_helper or walker.handler.kind != "tool" or node.value is None:
        return []
    function = getattr(walker, "_function", None) or walker.handler.function
    request = set(state.values) | set(state.aliases)
    found = []
    for call in _calls_sent(function, node.value):
        if _hands_request(call, request):
            found.extend((answer, call) for answer in swallowed_answer(walker, call))
    return found


def _calls_sent(function: cst.FunctionDef, value: cst.BaseExpression) -> list[cst.Call]:
    calls = []
    tested = _tested_names(function)
    bindings = _call_bindings(function)
    for inner in walk(value, into_nested_scopes=False):
        if isinstance(inner, cst.Call):
            calls.append(inner)
        elif isinstance(inner, cst.Name) and inner.value not in tested and len(bindings.get(inner.value, ())) == 1:
            calls.append(bindings[inner.value][0])
    return calls


_TESTED: dict = {}  # memo of _tested_names, by function
_BOUND: dict = {}  # memo of _call_bindings, by function


def _tested_names(function: cst.FunctionDef) -> set[str]:
    """Names read in any test of ``function`` (a branch, a loop, an ``or``, a ``match``)."""
    return memo_by_node(_TESTED, function, lambda: _find_tested_names(function))


def _find_tested_names(function: cst.FunctionDef) -> set[str]:
    names = set()
    for inner in walk(function.body, into_nested_scopes=False):
        if isinstance(inner, _TESTS):
            test = inner.test
            names |= {n.value for n in walk(test, into_nested_scopes=False) if isinstance(n, cst.Name)}
        elif isinstance(inner, cst.BooleanOperation):  # `results or fallback`
            names |= {n.value for n in walk(inner.left, into_nested_scopes=False) if isinstance(n, cst.Name)}
        elif isinstance(inner, cst.Match):
            names |= {n.value for n in walk(inner.subject, into_nested_scopes=False) if isinstance(n, cst.Name)}
    return names


def _call_bindings(function: cst.FunctionDef) -> dict[str, list]:
    """Each local -> its binding calls (:func:`_find_call_bindings`), worked out once per function."""
    return memo_by_node(_BOUND, function, lambda: _find_call_bindings(function))


def _find_call_bindings(function: cst.FunctionDef) -> dict[str, list]:
    """Each local bound in ``function`` -> the calls it is bound to by a plain assignment (a name
    bound any other way too maps to more than one entry, so it is left alone)."""
    found: dict[str, list] = {}
    for inner in walk(function.body, into_nested_scopes=False):
        if isinstance(inner, cst.Assign) and len(inner.targets) == 1 and isinstance(inner.targets[0].target, cst.Name):
            value = inner.value.expression if isinstance(inner.value, cst.Await) else inner.value
            found.setdefault(inner.targets[0].target.value, []).append(value if isinstance(value, cst.Call) else None)
        elif isinstance(inner, (cst.AugAssign, cst.AnnAssign, cst.For, cst.NamedExpr)):
            target = inner.target
            if isinstance(target, cst.Name):
                found.setdefault(target.value, []).extend((None, None))
    return {name: calls for name, calls in found.items() if None not in calls}


def _hands_request(call: cst.Call, request: set[str]) -> bool:
    return any(isinstance(n, cst.Name) and n.value in request
               for arg in call.args for n in walk(arg.value, into_nested_scopes=False))
