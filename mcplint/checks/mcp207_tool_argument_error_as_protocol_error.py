"""MCP207 tool-argument-error-as-protocol-error: a bad tool argument sent as a JSON-RPC error.

MCP specification 2025-11-25, server/tools "Error Handling": errors in a tool's arguments
(and its execution) are reported in the result with ``isError: true``, so the model sees
them and can correct the call; protocol errors (-32602) are for an unknown tool or a
malformed request. Which raises become JSON-RPC errors is per stack
(``../shared/FRAMEWORKS.md``, "Verified behaviour: tools/call"): mcp 2.x low-level sends
every handler exception as one; mcp 2.x MCPServer sends a raised ``MCPError`` as one; mcp 1.x
(low-level and FastMCP) and fastmcp 2/3/4 (without ErrorHandlingMiddleware) turn tool
exceptions into ``isError`` results, so a raise there is fine.
"""

from __future__ import annotations

from collections.abc import Iterator

from mcplint.checks._common import served_label
from mcplint.checks.base import Finding, Rule
from mcplint.model.facts import ErrorKind, Stack
from mcplint.model.returns import catches, catching_wrappers, every_handler
from mcplint.model.stacks import LABELS, raised_on


class ToolArgumentErrorAsProtocolError(Rule):
    """Fires on a raise in a tool handler that the control flow makes an argument error (a
    failed test or conversion of an argument) when the server's stack sends that exception as a
    JSON-RPC error; and, on mcp 2.x low-level, on a returned ``ErrorData`` on such a path.

    Never for an unknown tool name (a protocol error by the spec; MCP201 judges that), never
    on stacks that wrap tool exceptions into ``isError`` results, and silent when the major
    version is not fixed.
    """

    code = "MCP207"
    name = "tool-argument-error-as-protocol-error"
    summary = "A tool argument error is raised as a JSON-RPC error instead of an isError result"
    preview = True

    def check(self, model) -> Iterator[Finding]:
        for server, handler in every_handler(model):
            if handler.kind != "tool":
                continue
            wrapped = catching_wrappers(model.info, handler) if model.info is not None else []
            for site in handler.raises:
                if site.reason != "argument":
                    continue
                error = _after_wrappers(wrapped, site, server.stack)
                received = _protocol_error(server.stack, error) if error is not None else None
                if received is not None:
                    what = f"raises {site.error.name}"
                    if site.implicit:  # no `raise` written: name the operation that raises
                        what = f"raises {site.error.name} in {site.implicit}"
                    if error != site.error:
                        what += f", which a project decorator re-raises as {error.name}"
                    yield Finding(site.node, _message(server, handler, site.served, site.key, what, received))
            if server.stack is Stack.MCP2_LOWLEVEL:
                for ret in handler.returns:
                    if ret.failure == "argument" and ret.value == "error-data":
                        yield Finding(ret.node, _message(server, handler, ret.served, ret.key,
                                                         "returns ErrorData", "that JSON-RPC error"))


def _after_wrappers(wrapped: list, site, stack: Stack) -> ErrorKind | None:
    """What reaches the framework when the raise passes the project decorators that wrap the
    handler (innermost first, those on the table entry that serves the raise included): None
    when a clause catching it answers with a value; a clause that raises a fresh exception
    instead hands on that one (its first kind the stack sends as a JSON-RPC error, if any)."""
    error = raised_on(stack, site.error)
    if error is None:
        return None  # built in a shape that fails on one mcp major, and the major is not fixed
    served = site.served
    for clause in wrapped:
        if clause.key is not None and (served is None or clause.key not in served):
            continue
        if not catches(clause.classes, error.name):
            continue
        if clause.raises is None:
            return None
        sent = [kind for kind in clause.raises if _protocol_error(stack, kind) is not None]
        error = (sent or list(clause.raises))[0]
    return error


def _protocol_error(stack: Stack, error: ErrorKind) -> str | None:
    """What the client receives when a tool raises ``error`` on ``stack``; None if an isError result."""
    if "Elicitation" in error.name:
        return None  # UrlElicitationRequiredError is meant to be a protocol error (-32042)
    if stack is Stack.MCP2_LOWLEVEL:
        if error.category == "mcp":
            return f"JSON-RPC error {error.code}" if error.code is not None else "a JSON-RPC error with its code"
        if error.category == "pydantic-validation":
            return "JSON-RPC error -32602 'Invalid request parameters'"
        return "a JSON-RPC error (code 0 on 2025-era connections, -32603 on 2026-07-28 ones)"
    if stack is Stack.MCP2_MCPSERVER and error.category == "mcp":
        return f"JSON-RPC error {error.code}" if error.code is not None else "a JSON-RPC error with its code"
    return None


def _message(server, handler, served, key: str | None, what: str, received: str) -> str:
    where = served_label(handler, served)
    argument = f"argument '{key}'" if key else "argument"
    if server.stack is Stack.MCP2_LOWLEVEL:
        fix = "return types.CallToolResult(is_error=True, content=[types.TextContent(type='text', text=...)])"
    else:
        fix = ("raise mcp.server.mcpserver.exceptions.ToolError(...), which MCPServer sends as an isError "
               "result")
    return (f"An invalid or missing {argument} of {where} {what}: on {LABELS[server.stack]} the client receives "
            f"{received}, but the spec (2025-11-25) reports tool argument errors as a result with isError "
            f"true so the model can correct the call; {fix}")
