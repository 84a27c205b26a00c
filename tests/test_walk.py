"""``module_info.fast_children`` without tokens skips whole fields it never needs to read;
it must still give exactly the non-token children, on every node of every fixture."""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest

from mcplint.model.module_info import exact_types, fast_children, is_token, node_types, walk

FIXTURES = sorted((Path(__file__).parent / "fixtures").rglob("*.py"))
SYNTAX = '''\
from . import a as b
x: int = (1 + 2) * -y if not z else [*w, {**v}, {u for u in t}]
x += 1; del x[1:2:3], y.z
async def f(a, /, b: int = 2, *c, d, **e) -> None:
    global g
    async with h() as i, j:
        async for k in l:
            await m(n=o, *p, **q)
    try:
        yield from r
    except* E as s:
        raise T from U
    finally:
        lambda v=1, *, w: (yield)
@dec
class C(D, metaclass=M):
    match subject:
        case [1, 2, *rest] | {"k": v, **kw} if v > 0:
            pass
        case Point(x=0, y=_) as p:
            f"{p!r:>{width}}"
print(*args, sep="", end="\\n") if a < b <= c is not d in e else None
assert x, "message"
'''


def _expected(node: cst.CSTNode) -> list[int]:
    return sorted(id(child) for child in fast_children(node, tokens=True) if not is_token(child))


@pytest.mark.parametrize("source", [SYNTAX, *FIXTURES], ids=lambda s: s.name if isinstance(s, Path) else "syntax")
def test_children_without_tokens_are_the_non_token_children(source: str | Path) -> None:
    text = source.read_text(encoding="utf-8") if isinstance(source, Path) else source
    module = cst.parse_module(text)
    nodes = list(walk(module, tokens=True))
    assert len(nodes) > 100
    for node in nodes:
        assert sorted(map(id, fast_children(node, tokens=False))) == _expected(node), type(node).__name__


def test_exact_types_are_isinstance_for_classes_nothing_subclasses() -> None:
    kinds = exact_types(cst.Assign, cst.AnnAssign)
    assert kinds == frozenset({cst.Assign, cst.AnnAssign})
    module = cst.parse_module("x = 1\ny: int = 2\nz += 3\n")
    smalls = [line.body[0] for line in module.body]
    assert [type(s) in kinds for s in smalls] == [isinstance(s, (cst.Assign, cst.AnnAssign)) for s in smalls] \
        == [True, True, False]


def test_exact_types_refuse_a_class_with_subclasses() -> None:
    with pytest.raises(TypeError, match="BaseExpression has subclasses"):
        exact_types(cst.Name, cst.BaseExpression)


def test_node_types_answer_as_isinstance_for_every_node() -> None:
    bases = (cst.BaseCompoundStatement, cst.IndentedBlock, cst.Else)
    kinds = node_types(*bases)
    module = cst.parse_module("if x:\n    for y in z:\n        pass\n    else:\n        f(y)\nwhile 1: g()\n")
    nodes = list(walk(module, tokens=True))
    assert [type(n) in kinds for n in nodes] == [isinstance(n, bases) for n in nodes]
    assert {cst.If, cst.For, cst.While, cst.IndentedBlock, cst.Else} <= kinds
