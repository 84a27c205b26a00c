"""MCP206 invalid-params-rewrapped: correct -32602 raises that the stack turns into code 0/-32603.

mcp 1.x ``FastMCP.get_prompt`` wraps every exception from a prompt function in
``ValueError`` (``mcp/server/fastmcp/server.py``, ``prompts/base.py`` in mcp 1.30.0), and
fastmcp 2.x/3.x do the same ("Error rendering prompt ..."); ``ErrorHandlingMiddleware``
then maps the wrapped McpError to -32603. So ``McpError(ErrorData(code=INVALID_PARAMS))``
raised in a prompt reaches the client as code 0 (``../shared/FRAMEWORKS.md``, "Verified
behaviour: prompts/get", row "raises McpError/MCPError(INVALID_PARAMS)"). mcp 2.x MCPServer,
fastmcp 4.x and the low-level servers keep the code.
"""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from mcplint.checks.base import Finding, Related, Rule
from mcplint.model.facts import ServerModel, Stack
from mcplint.model.stacks import INVALID_PARAMS, LABELS, raised_on


class InvalidParamsRewrapped(Rule):
    """Fires once per server whose stack re-wraps prompt exceptions, counting the -32602
    raises in its prompt handlers; each raise is a related location.

    Placed at the server's constructor when this module makes the server; when it registers
    prompts on a server made in another module (``from app import mcp``) or handed to it
    (``def register(mcp: FastMCP)``), at this module's first registration of a prompt that
    raises, since the constructing module's lint never sees these handlers.
    """

    code = "MCP206"
    name = "invalid-params-rewrapped"
    summary = "Correct -32602 raises in prompts that this stack re-wraps into code 0 or -32603"

    def check(self, model) -> Iterator[Finding]:
        for server in model.servers:
            found = _invalid_params_raises(server)
            outcome = _rewrapped_outcome(server)
            if not found or outcome is None:
                continue
            raises = [site for _, site in found]
            anchor = server.node if server.node is not None else _first_registration(model, server, found)
            yield Finding(anchor, _message(server, raises, outcome),
                          related=tuple(Related(site.node, f"{site.error.name}(INVALID_PARAMS) raised here")
                                        for site in raises))


def _first_registration(model, server: ServerModel, found: list) -> cst.CSTNode:
    """Where this module registers the first prompt of ``found`` on ``server``: its
    ``@server.prompt()`` decorator, else (a call form such as ``add_prompt``) its first raise."""
    functions = {id(handler.function) for handler, _ in found}
    for used, site in model.decorator_uses:
        if used is server and id(site.function) in functions:
            return site.decorator
    return found[0][1].node


def _rewrapped_outcome(server: ServerModel) -> str | None:
    """What a prompt's McpError(INVALID_PARAMS) becomes on this server; None if it stays -32602."""
    if server.stack is Stack.MCP1_FASTMCP:
        return "reach clients as code 0 ('Error rendering prompt ...') on mcp 1.x FastMCP"
    if server.stack in (Stack.FASTMCP2, Stack.FASTMCP3):
        if server.error_middleware:
            return None  # each raise can send ValueError instead: MCP201 reports it there
        if server.error_middleware is None:
            return (f"reach clients as code 0 ('Error rendering prompt ...') on {LABELS[server.stack]}, or as -32603 "
                    f"under ErrorHandlingMiddleware")
        return f"reach clients as code 0 ('Error rendering prompt ...') on {LABELS[server.stack]}"
    if server.stack is Stack.FASTMCP:
        sent = {True: "-32603 (ErrorHandlingMiddleware)", False: "code 0"}.get(server.error_middleware,
                                                                              "code 0 (-32603 under ErrorHandlingMiddleware)")
        return f"reach clients as {sent} on fastmcp 2.x/3.x (nothing pins the fastmcp version; 4.x keeps -32602)"
    return None


def _invalid_params_raises(server: ServerModel) -> list:
    """``(handler, raise site)`` for each distinct -32602 raise in the server's prompt handlers."""
    seen: set[int] = set()
    found = []
    for handler in server.handlers:
        if handler.kind != "prompt":
            continue
        for site in handler.raises:
            # a construction failing on this stack's major raises TypeError, no -32602 to re-wrap
            actual = raised_on(server.stack, site.error) or site.error
            if actual.category == "mcp" and actual.code == INVALID_PARAMS and id(site.node) not in seen:
                seen.add(id(site.node))
                found.append((handler, site))
    return found


def _fix_text(server: ServerModel) -> str:
    if server.stack is Stack.MCP1_FASTMCP:
        return ("no prompt function can produce -32602 on this stack: upgrade to mcp 2.x MCPServer "
                "(raise MCPError(code=INVALID_PARAMS, message=...)) or fastmcp 4.x")
    if server.error_middleware is not False:  # installed, or middleware the model could not read
        return "raise ValueError instead, which ErrorHandlingMiddleware maps to -32602, or upgrade to fastmcp 4.x"
    return ("install ErrorHandlingMiddleware (mcp.add_middleware(ErrorHandlingMiddleware())) and raise ValueError, "
            "which it maps to -32602, or upgrade to fastmcp 4.x")


def _message(server: ServerModel, raises: list, outcome: str) -> str:
    count = len(raises)
    names = sorted({site.error.name for site in raises})
    what = " / ".join(f"{name}(INVALID_PARAMS)" for name in names)
    noun = "raise" if count == 1 else "raises"
    verb = "reaches" if count == 1 else "reach"
    outcome = outcome.replace("reach ", f"{verb} ", 1)
    return f"{count} {noun} of {what} in prompt handlers {outcome}; {_fix_text(server)}"
