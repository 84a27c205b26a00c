"""Parameters dead on entry (mcplint.model.dead_parameters): which flows bind a parameter on
every path before any read, and which keep the caller's value."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from mcplint.model.dead_parameters import overwritten_after, overwritten_parameter


def _function(source: str) -> cst.FunctionDef:
    module = cst.parse_module(textwrap.dedent(source))
    return next(node for node in module.body if isinstance(node, cst.FunctionDef))


def _first_line(node: cst.CSTNode | None) -> str | None:
    return None if node is None else cst.Module([]).code_for_node(node).strip().splitlines()[0]


@pytest.mark.parametrize(("source", "expected"), [
    ("def f(x):\n    x = 1\n    return x\n", "x = 1"),
    ("def f(x):\n    '''doc'''\n    y, x = 1, 2\n    return x + y\n", "y, x = 1, 2"),
    ("def f(x):\n    for x in range(3):\n        pass\n    return x\n", "for x in range(3):"),
    ("def f(x):\n    with open('a') as x:\n        return x.read()\n", "with open('a') as x:"),
    ("def f(x, c):\n    if c:\n        x = 1\n    else:\n        x = 2\n    return x\n", "x = 1"),
    ("def f(x, c):\n    if c:\n        return 0\n    x = 2\n    return x\n", "x = 2"),
    ("def f(x):\n    try:\n        x = int('1')\n    except ValueError:\n        x = 0\n    return x\n",
     "x = int('1')"),
    ("def f(x):\n    x: int = 5\n    return x\n", "x: int = 5"),
])
def test_a_parameter_bound_on_every_path_before_any_read_is_dead(source: str, expected: str) -> None:
    assert _first_line(overwritten_parameter(_function(source), "x")) == expected


@pytest.mark.parametrize("source", [
    "def f(x):\n    x = x.strip()\n    return x\n",
    "def f(x):\n    if x is None:\n        x = 1\n    return x\n",
    "def f(x, c):\n    if c:\n        x = 1\n    return x\n",
    "def f(x):\n    for item in x:\n        pass\n    return item\n",
    "def f(x):\n    def g():\n        return x\n    x = 1\n    return g()\n",
    "def f(x):\n    while True:\n        x = 1\n        break\n    return x\n",
    "def f(x):\n    try:\n        x = int('1')\n    except ValueError:\n        return x\n    return x\n",
    "def f(x):\n    x += 1\n    return x\n",
    "def f(x):\n    x[0] = 1\n    return x\n",
    "def f(x):\n    print(locals())\n    x = 1\n    return x\n",
    "def f(x):\n    global x\n    x = 1\n",
    "def f(x):\n    return 1\n",
    "def f(x):\n    for y in range(3):\n        x = y\n    return x\n",
])
def test_a_parameter_some_path_may_read_first_is_kept(source: str) -> None:
    assert overwritten_parameter(_function(source), "x") is None


def test_a_local_bound_anew_before_any_read_after_its_assignment_is_overwritten() -> None:
    function = _function("def f(a):\n    v = a.get('v')\n    for v in range(3):\n        print(v)\n    return v\n")
    assigned = function.body.body[0]
    assert _first_line(overwritten_after(function, assigned, "v")) == "for v in range(3):"


def test_a_local_read_before_it_is_bound_again_is_kept() -> None:
    function = _function("def f(a):\n    v = a.get('v')\n    v = v.strip()\n    return v\n")
    assert overwritten_after(function, function.body.body[0], "v") is None


def test_a_continue_before_the_binding_keeps_the_value_for_the_next_pass() -> None:
    function = _function("def f(a, rows):\n    for r in rows:\n        if r:\n            print(v)\n"
                         "        v = a.get('v')\n        if r > 1:\n            continue\n        v = 1\n")
    loop = function.body.body[0]
    assigned = loop.body.body[1]
    assert overwritten_after(function, assigned, "v") is None
