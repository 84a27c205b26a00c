"""MCP404 prompt-decorator-not-called: a registration decorator used without parentheses.

On mcp 1.x ``FastMCP`` and mcp 2.x ``MCPServer`` the decorators ``prompt``, ``tool`` and
``resource`` check ``callable(name)`` / ``callable(uri)`` and raise ``TypeError("The @prompt
decorator was used incorrectly. Did you forget to call it? ...")`` at import; ``completion``
takes no argument at all (mcp 1.29.0 ``src/mcp/server/fastmcp/server.py`` ``prompt``/``tool``/
``resource``/``completion``; mcp 2.0.0 ``src/mcp/server/mcpserver/server.py``). The mcp 1.x
low-level ``Server`` decorators (``list_prompts()``, ``call_tool(*, validate_input=True)``...)
take no positional argument either. Standalone fastmcp 2/3/4 accepts bare ``@mcp.prompt`` and
``@mcp.tool`` (and fastmcp 4 bare ``@mcp.completion``) but still rejects a bare
``@mcp.resource`` (fastmcp 2.14.5 / 3.0.0rc2 ``src/fastmcp/server/server.py`` ``resource``).
"""

from __future__ import annotations

from typing import Iterator

from mcplint.checks.base import Finding, FixPlan, NodeEdit, Rule
from mcplint.model.facts import Stack
from mcplint.model.module_info import dotted_name
from mcplint.model.registrations import (
    LOWLEVEL_DECORATORS,
    DecoratorUse,
    registrations,
    stack_of,
)
from mcplint.model.stacks import LABELS

_SDK_FASTMCP = (Stack.MCP1_FASTMCP, Stack.MCP2_MCPSERVER)
_FASTMCP = (Stack.FASTMCP, Stack.FASTMCP2, Stack.FASTMCP3, Stack.FASTMCP4)


class PromptDecoratorNotCalled(Rule):
    """Fires at a bare ``@mcp.prompt`` (or tool/resource/completion) where the stack needs ``()``."""

    code = "MCP404"
    name = "prompt-decorator-not-called"
    summary = "A registration decorator that must be called is used without parentheses"

    def check(self, model) -> Iterator[Finding]:
        for use in registrations(model).decorators:
            if use.server.class_guessed:
                continue  # the object's class is a guess: whether its decorator needs () is unknown
            if use.call is None and _must_be_called(use, stack_of(model, use.server)):
                yield _finding(use, stack_of(model, use.server))


def _must_be_called(use: DecoratorUse, stack: Stack) -> bool:
    """Whether the bare form of this decorator fails at import on the server's stack."""
    if use.via_lowlevel or stack is Stack.MCP1_LOWLEVEL:
        return use.method in LOWLEVEL_DECORATORS
    if stack in _SDK_FASTMCP:
        return use.method in ("prompt", "tool", "resource", "completion")
    if stack in _FASTMCP:
        return use.method == "resource"
    return False


def _finding(use: DecoratorUse, server_stack: Stack) -> Finding:
    written = f"@{_target_text(use)}"
    stack = LABELS[Stack.MCP1_LOWLEVEL if use.via_lowlevel else server_stack]
    if use.method == "resource":
        remedy = f"write {written}(\"scheme://...\") with the resource URI"
        fix = None
    else:
        remedy = f"write {written}()"
        fix = FixPlan(f"Call the decorator: {written}()", (NodeEdit(use.decorator.decorator, "()", at="after"),))
    message = (f"{written} is used without parentheses, so {use.function.name.value} is passed as its "
               f"argument and {stack} raises TypeError at import; {remedy}")
    return Finding(use.decorator, message, fix=fix)


def _target_text(use: DecoratorUse) -> str:
    return dotted_name(use.decorator.decorator) or use.method
