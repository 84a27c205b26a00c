"""Tested-only locals: a local whose every read is a test of it, never a use of its value.

``short = capped(question); if not short: raise ...``, ``ref = checked_ref(raw); if ref is
None: return failure(...)``: the code made a replacement form of an argument and looked at it
only to decide whether to go on. Past the test, the form is the value the code meant to use;
the raw argument rendered or sent beside it is class C whatever the form's helper is called.
A read that uses the value (rendered, passed on, returned, stored) is no test: the form is then
the helper's ordinary result. Which locals hold a form is flow's decision; this module only
answers where the local's name is read.
"""

from __future__ import annotations

from collections import Counter

import libcst as cst

from mcplint.model.module_info import contains, memo_by_node, walk

_MEMO: dict = {}

#: Comparison operators that look at the value (``is None``, ``== ""``, ``in SEEN``) without
#: handing it anywhere.
_TEST_OPERATORS = (cst.Is, cst.IsNot, cst.Equal, cst.NotEqual, cst.In, cst.NotIn)


def tested_only_local(function: cst.FunctionDef, name: str) -> bool:
    """Whether the bare name ``name`` is bound once in ``function`` and every other occurrence
    is a test of it: the whole test of an ``if``/``while``/``assert``/conditional expression,
    under ``not``, a side of ``and``/``or`` there, or a side of an identity, equality or
    membership comparison there (``if ref is None``, ``if not short``, ``if link in SEEN``).
    Memoised per function (the tests are collected once per function, for every name)."""
    counts, tested = memo_by_node(_MEMO, function, lambda: _tested_names(function), limit=256)
    return counts[name] >= 2 and tested[name] == counts[name] - 1


def tested_only_after(function: cst.FunctionDef, binding: cst.CSTNode, name: str) -> bool:
    """:func:`tested_only_local` for the local ``name`` bound by ``binding``, counting only the
    code that binding reaches when it sits in a block that ends by leaving the function
    (``if name == "digest": link = canonical(url); if not link: raise ...; return ...``): each
    branch of a handler serving several prompts may bind the same local for its own use."""
    counts, tested = memo_by_node(_MEMO, function, lambda: _tested_names(function), limit=256)
    if not tested[name]:
        return False  # never tested anywhere (most locals): no walk of the blocks
    if counts[name] - 1 == tested[name]:
        return counts[name] >= 2  # tested only, in the whole function
    tail = _exiting_tail(function, binding)
    if tail is None:
        return False
    counts, tested = _count(node for statement in tail for node in walk(statement))
    return counts[name] >= 2 and tested[name] == counts[name] - 1


def _exiting_tail(function: cst.FunctionDef, binding: cst.CSTNode) -> list[cst.CSTNode] | None:
    """The statements from the one holding ``binding`` to the end of its block, when that block
    is not the function's own and ends in ``return`` or ``raise``; None otherwise."""
    for block in walk(function):
        if type(block) is not cst.IndentedBlock or block is function.body:
            continue
        body = list(block.body)
        for index, statement in enumerate(body):
            if not contains(statement, binding):
                continue
            if type(statement) is not cst.SimpleStatementLine:
                break  # deeper: a nested block holds it
            last = body[-1]
            leaves = type(last) is cst.SimpleStatementLine and type(last.body[-1]) in (cst.Return, cst.Raise)
            return body[index:] if leaves else None
    return None


def _tested_names(function: cst.FunctionDef) -> tuple[Counter, Counter]:
    """(occurrences of each bare name in ``function``, occurrences of it in test positions)."""
    return _count(walk(function))


def _count(nodes) -> tuple[Counter, Counter]:
    """(occurrences of each bare name among ``nodes``, occurrences of it in test positions)."""
    counts: Counter = Counter()
    tested: Counter = Counter()
    for node in nodes:
        if type(node) is cst.Name:
            counts[node.value] += 1
        elif type(node) is cst.Attribute:
            counts[node.attr.value] -= 1  # `self.catalog.canonical(...)`: a member's name, not the local
        elif type(node) is cst.Arg and node.keyword is not None:
            counts[node.keyword.value] -= 1  # `f(name=...)`: a keyword, not the local
        elif type(node) in (cst.If, cst.While, cst.IfExp, cst.Assert):
            for found in _tested_in(node.test):
                tested[found] += 1
    return counts, tested


def _tested_in(test: cst.BaseExpression) -> list[str]:
    """The bare names ``test`` looks at as a whole, in the positions listed by
    :func:`tested_only_local`."""
    if type(test) is cst.Name:
        return [test.value]
    if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
        return _tested_in(test.expression)
    if type(test) is cst.BooleanOperation:
        return _tested_in(test.left) + _tested_in(test.right)
    if type(test) is cst.Comparison and all(type(c.operator) in _TEST_OPERATORS for c in test.comparisons):
        sides = [test.left, *(c.comparator for c in test.comparisons)]
        return [side.value for side in sides if type(side) is cst.Name]
    return []
