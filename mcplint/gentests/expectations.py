"""What each generated case may assert on each stack: an error, and which JSON-RPC code.

A caller error must always be signalled (an error response or an ``isError`` tool result);
the exact code is asserted only where the author can choose it on that stack. Where the
framework itself answers, the code check becomes an ``xfail`` whose reason names what the
stack sends and the way out, so the tests stay green until the author upgrades while "an
error arrives" still fails a silent default.

Source: ``../shared/FRAMEWORKS.md`` §1-7 and its "Verified behaviour: prompts/get" and
"tools/call" tables (mcp 1.30.0, mcp 2.3.0, fastmcp 2.14.7 / 3.4.11 / 4.2.3); spec
2025-11-25 "Error Handling" for tools (argument errors are ``isError`` results, an unknown
tool is a protocol error).
"""

from __future__ import annotations

from dataclasses import dataclass

from mcplint.model.facts import Stack

INVALID_PARAMS = -32602

#: Prompt cases whose code the checks below decide.
PROMPT_CASES = ("missing", "empty", "unknown", "undeclared")

_MCP1_FASTMCP = ("mcp 1.x FastMCP sends code 0 for {what}, whatever the prompt raises; "
                 "mcp 2.x MCPServer (MCPError) or fastmcp 4 send -32602")
_MCPSERVER = ("mcp 2.x MCPServer answers {what} itself, with code 0 (2025 protocol) or -32603 "
              "(2026-07-28); fastmcp 4 sends -32602")
_FM23 = ("fastmcp 2.x/3.x send code 0 for {what}; add ErrorHandlingMiddleware "
         "(mcp.add_middleware(ErrorHandlingMiddleware())) or move to fastmcp 4")
_FM_MIDDLEWARE_UNKNOWN = ("ErrorHandlingMiddleware maps an unknown prompt to -32001 (not found); "
                          "fastmcp answers it, not the prompt code")

_WHAT = {
    "missing": "a missing required argument",
    "empty": "an argument error raised by the prompt",
    "unknown": "an unknown prompt name",
    "undeclared": "an undeclared argument name",
}


@dataclass(frozen=True)
class CodeCheck:
    """How a failing case checks the JSON-RPC error code.

    ``code`` is the code to assert (None: only that an error arrives); ``xfail`` is the
    reason to mark the code check expected-to-fail when a different code arrives (None:
    assert it); ``xfail_below_major``, when set, limits that xfail to an installed fastmcp
    major version below it (the major is not pinned, so the module checks at run time).
    """

    code: int | None
    xfail: str | None = None
    xfail_below_major: int | None = None


def prompt_code_check(stack: Stack, middleware: bool, case: str) -> CodeCheck:
    """The code check of the prompt ``case`` (one of :data:`PROMPT_CASES`) on ``stack``.

    ``middleware`` is true when fastmcp's ``ErrorHandlingMiddleware`` is installed.
    Raises KeyError for an unknown case.
    """
    what = _WHAT[case]
    if stack.is_lowlevel:
        return CodeCheck(INVALID_PARAMS)  # the handler decides everything (FRAMEWORKS.md §1, §3)
    if stack is Stack.MCP1_FASTMCP:
        return CodeCheck(INVALID_PARAMS, _MCP1_FASTMCP.format(what=what))
    if stack is Stack.MCP2_MCPSERVER:
        if case == "empty":
            return CodeCheck(INVALID_PARAMS)  # MCPError(INVALID_PARAMS) passes through (§4)
        return CodeCheck(INVALID_PARAMS, _MCPSERVER.format(what=what))
    return _fastmcp_check(stack, middleware, case, what)


def _fastmcp_check(stack: Stack, middleware: bool, case: str, what: str) -> CodeCheck:
    if case == "unknown" and middleware:
        return CodeCheck(INVALID_PARAMS, _FM_MIDDLEWARE_UNKNOWN)
    if case == "undeclared" and stack is not Stack.FASTMCP4:
        # fastmcp 2.x rejects extra keys with a TypeError inside rendering; the code under
        # the middleware was not verified, so only "an error arrives" is asserted.
        return CodeCheck(None)
    if stack is Stack.FASTMCP4 or middleware:
        return CodeCheck(INVALID_PARAMS)
    reason = _FM23.format(what=what)
    if stack is Stack.FASTMCP:  # major not pinned: 4.x sends -32602 (§7)
        return CodeCheck(INVALID_PARAMS, reason, xfail_below_major=4)
    return CodeCheck(INVALID_PARAMS, reason)


@dataclass(frozen=True)
class ToolCheck:
    """How a failing tool case checks the form of the error.

    ``form`` is ``is_error`` (an ``isError`` result is required), ``code`` (a JSON-RPC error
    with ``code``) or None (either form; only that an error arrives).
    """

    form: str | None
    code: int | None = None


def tool_check(stack: Stack, middleware: bool, case: str) -> ToolCheck:
    """The check of the tool ``case`` (``missing`` property or ``unknown`` tool) on ``stack``.

    Spec 2025-11-25 wants argument errors as ``isError`` results and an unknown tool as a
    JSON-RPC error. mcp 1.x low-level turns every tool exception into ``isError`` and the
    FastMCP family answers an unknown tool with ``isError`` itself, so there only "an error
    arrives" is asserted; fastmcp 4 with ``ErrorHandlingMiddleware`` sends argument errors
    as JSON-RPC errors (FRAMEWORKS.md §7), which the author chose.
    """
    if case == "unknown":
        if stack is Stack.MCP2_LOWLEVEL:
            return ToolCheck("code", INVALID_PARAMS)
        return ToolCheck(None)
    if middleware and stack in (Stack.FASTMCP4, Stack.FASTMCP):
        return ToolCheck(None)
    return ToolCheck("is_error")


def undeclared_treatment(stack: Stack, style: str) -> str | None:
    """How the framework treats an undeclared prompt argument name for a prompt declared
    in ``style`` (:class:`mcplint.model.facts.Declaration`): ``reject``, ``ignore``,
    ``by-major`` (fastmcp not pinned: 2.x rejects, 3.x/4.x ignore) or None when the handler
    code decides (low-level servers, fastmcp ``Prompt`` subclasses).

    mcp 1.x FastMCP and mcp 2.x MCPServer reject extra keys (pydantic
    ``unexpected_keyword_argument``), fastmcp 2.x raises TypeError, 3.x and 4.x drop them
    (FRAMEWORKS.md §2, §4-7).
    """
    if stack.is_lowlevel or style == "subclass":
        return None
    if stack in (Stack.MCP1_FASTMCP, Stack.MCP2_MCPSERVER, Stack.FASTMCP2):
        return "reject"
    if stack in (Stack.FASTMCP3, Stack.FASTMCP4):
        return "ignore"
    return "by-major"
