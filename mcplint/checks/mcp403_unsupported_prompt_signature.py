"""MCP403 unsupported-prompt-signature: prompt function parameters the stack cannot serve.

What each stack does with a decorated prompt function's parameters:

* mcp 1.x ``FastMCP`` / mcp 2.x ``MCPServer``: a name starting with ``_`` raises
  ``InvalidSignature`` at registration (``func_metadata``: "cannot start with '_'", the
  Context parameter included); ``*args`` and ``**kwargs`` become required arguments literally
  named ``args``/``kwargs``; a positional-only parameter is declared but the function is
  called with keywords, so a sent value fails validation (mcp 1.29.0
  ``src/mcp/server/fastmcp/utilities/func_metadata.py``, ``prompts/base.py`` ``render``;
  mcp 2.0.0 ``src/mcp/server/mcpserver/utilities/func_metadata.py``).
* fastmcp 2/3/4: ``*args``/``**kwargs`` raise ``ValueError("Functions with *args are not
  supported as prompts")`` at registration (fastmcp 2.14.5 ``src/fastmcp/prompts/prompt.py``,
  3.0.0rc2 ``src/fastmcp/prompts/function_prompt.py``); positional-only parameters are not
  declared at all on 2.x/3.x and rejected at registration on 4.x; ``_name`` is accepted.

``../shared/FRAMEWORKS.md`` §2, §4, §5-7.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from mcplint.checks.base import Finding, Rule
from mcplint.model.facts import Stack
from mcplint.model.registrations import registrations
from mcplint.model.stacks import LABELS

_SDK_FASTMCP = (Stack.MCP1_FASTMCP, Stack.MCP2_MCPSERVER)
_FASTMCP = (Stack.FASTMCP, Stack.FASTMCP2, Stack.FASTMCP3, Stack.FASTMCP4)


class UnsupportedPromptSignature(Rule):
    """Fires at each parameter of a decorated prompt function that its stack rejects or never fills."""

    code = "MCP403"
    name = "unsupported-prompt-signature"
    summary = "A prompt function has *args, **kwargs, positional-only or _name parameters its stack cannot serve"

    def check(self, model) -> Iterator[Finding]:
        for use in registrations(model).decorators:
            if use.method != "prompt" or use.via_lowlevel or use.wrapped:
                continue
            stack = use.server.stack
            if stack not in _SDK_FASTMCP and stack not in _FASTMCP:
                continue
            for param, problem in _problems(use.function, stack):
                yield Finding(param, f"Parameter '{_label(use.function, param)}' of prompt function "
                                     f"{use.function.name.value}() {problem} on {LABELS[stack]}")


def _problems(function: cst.FunctionDef, stack: Stack) -> Iterator[tuple[cst.Param, str]]:
    params = function.params
    sdk = stack in _SDK_FASTMCP
    for param in params.posonly_params:
        if sdk:
            yield param, ("is positional-only: it is declared as an argument, but the function is called "
                          "with keywords, so a value sent for it fails validation; drop the '/'")
        elif stack is Stack.FASTMCP4:
            yield param, "is positional-only, which raises ValueError at registration; drop the '/'"
        else:
            yield param, ("is positional-only, which declares no prompt argument for it, so the client can "
                          "never send it; drop the '/'")
    if isinstance(params.star_arg, cst.Param):
        yield params.star_arg, _variadic("*", params.star_arg.name.value, sdk)
    if isinstance(params.star_kwarg, cst.Param):
        yield params.star_kwarg, _variadic("**", params.star_kwarg.name.value, sdk)
    if sdk:
        for param in list(params.posonly_params) + list(params.params) + list(params.kwonly_params):
            if param.name.value.startswith("_"):
                yield param, ("starts with '_', which raises InvalidSignature when the prompt is registered; "
                              "rename it")


def _variadic(stars: str, name: str, sdk: bool) -> str:
    if sdk:
        return (f"is {stars}{name}: it becomes a required argument literally named '{name}' that no client "
                f"sends; declare each argument as a named parameter")
    return f"is {stars}{name}, which raises ValueError at registration; declare each argument as a named parameter"


def _label(function: cst.FunctionDef, param: cst.Param) -> str:
    if param is function.params.star_arg:
        return f"*{param.name.value}"
    if param is function.params.star_kwarg:
        return f"**{param.name.value}"
    return param.name.value
