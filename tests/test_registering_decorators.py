"""Which project functions are decorators that register what they decorate."""

from __future__ import annotations

import libcst as cst
import pytest

from mcplint.model.registering_decorators import registering_decorator, returned_registration


def _function(source: str) -> cst.FunctionDef:
    return next(s for s in cst.parse_module(source).body if isinstance(s, cst.FunctionDef))


@pytest.mark.parametrize(("source", "method"), [
    ("def safe(func):\n    return mcp.tool()(_guard(func))\n", "tool"),
    ("def deco(func):\n    guarded = _guard(func, timeout=3)\n    return mcp.prompt(*a, **k)(guarded)\n", "prompt"),
    ("def add(fn):\n    mcp.add_tool(fn)\n    return fn\n", "tool"),
    ("def add(fn, host=None):\n    server.add_prompt(Prompt.from_function(fn))\n    return fn\n", "prompt"),
])
def test_decorators_that_register_their_function(source: str, method: str) -> None:
    found = registering_decorator(_function(source))
    assert found is not None and found.method == method


@pytest.mark.parametrize("source", [
    # a factory that registers what it builds from its parameter and returns the server
    "def create_server(path):\n    server = FastMCP('x')\n    server.add_prompt(build(load(path)))\n    return server\n",
    # registers and returns nothing: a registration helper called, not a decorator
    "def register(fn):\n    mcp.add_tool(fn)\n",
    # two required parameters: no decorator
    "def wire(fn, server):\n    server.tool()(fn)\n    return fn\n",
    # a method: its callers decide
    "def register_tool(self, tool):\n    self._mcp.add_tool(tool)\n    return tool\n",
    # records the function, registers another one
    "def keep(fn):\n    mcp.tool()(other)\n    return fn\n",
    # two registrations of it: which one is not known
    "def both(fn):\n    mcp.tool()(fn)\n    mcp.prompt()(fn)\n    return fn\n",
])
def test_functions_that_are_no_registering_decorators(source: str) -> None:
    assert registering_decorator(_function(source)) is None


def test_a_factory_returning_the_framework_decorator() -> None:
    found = returned_registration(_function("def tool(**kw):\n    return mcp.tool(**kw)\n"))
    assert found is not None and found.method == "tool"
    assert returned_registration(_function("def reg(fn):\n    return mcp.tool(fn)\n")) is None
