"""Which framework stack a server runs on, and what a raise becomes there.

The facts here are ``../shared/FRAMEWORKS.md`` (verified against mcp 1.30.0, mcp 2.3.0,
fastmcp 2.14.7, 3.4.11 and 4.2.3): the "Verified behaviour: prompts/get" table for what a
client receives, and each section's "Idiomatic -32602" line for the fix.
"""

from __future__ import annotations

from dataclasses import dataclass

from mcplint.model.errors import error_caught_by
from mcplint.model.library_raises import UNKNOWN_PARSE_ERROR
from mcplint.model.facts import ErrorKind, ServerModel, Stack
from mcplint.model.module_info import ModuleInfo

INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603

LABELS = {
    Stack.MCP1_LOWLEVEL: "mcp 1.x low-level Server",
    Stack.MCP2_LOWLEVEL: "mcp 2.x low-level Server",
    Stack.LOWLEVEL: "the low-level Server (mcp major version not pinned)",
    Stack.MCP1_FASTMCP: "mcp 1.x FastMCP",
    Stack.MCP2_MCPSERVER: "mcp 2.x MCPServer",
    Stack.FASTMCP2: "fastmcp 2.x",
    Stack.FASTMCP3: "fastmcp 3.x",
    Stack.FASTMCP4: "fastmcp 4.x",
    Stack.FASTMCP: "standalone fastmcp (major version not pinned)",
}


@dataclass(frozen=True)
class StackHints:
    """API spellings in a module that only one major version accepts."""

    mcp1_error: bool  # McpError imported (gone in mcp 2.x)
    mcp2_error: bool  # MCPError imported (absent in mcp 1.x)

    @classmethod
    def from_module(cls, info: ModuleInfo) -> "StackHints":
        """Read the hints from a module's imports."""
        targets = {q.rsplit(".", 1)[-1] for q in info.imports.values()}
        return cls(mcp1_error="McpError" in targets, mcp2_error="MCPError" in targets)


def resolve_stack(family: str, lowlevel_style: str | None, hints: StackHints, pins, completion: bool) -> tuple[Stack, str]:
    """The stack of a server and the reason it was chosen.

    The API shape decides first (each registration style fails on the other major), then
    pinned versions (``pins``: :class:`mcplint.versions.PinnedVersions` or None), then the
    error-class spelling. Unknown stays unknown (``Stack.LOWLEVEL``/``Stack.FASTMCP``).
    """
    mcp_pin = getattr(pins, "mcp", None)
    fastmcp_pin = getattr(pins, "fastmcp", None)
    if family == "lowlevel":
        if lowlevel_style == "decorator":
            return Stack.MCP1_LOWLEVEL, "decorator registration (mcp 1.x API)"
        if lowlevel_style == "constructor":
            return Stack.MCP2_LOWLEVEL, "on_* handler registration (mcp 2.x API)"
        if mcp_pin is not None:
            stack = Stack.MCP1_LOWLEVEL if mcp_pin.major == 1 else Stack.MCP2_LOWLEVEL
            return stack, f"mcp {mcp_pin.major}.x pinned in {mcp_pin.source}"
        return Stack.LOWLEVEL, "low-level Server, major version not fixed"
    if family == "mcp1-fastmcp":
        return Stack.MCP1_FASTMCP, "mcp.server.fastmcp import"
    if family == "mcp2-mcpserver":
        return Stack.MCP2_MCPSERVER, "mcp.server.mcpserver import"
    if fastmcp_pin is not None and fastmcp_pin.major in (2, 3, 4):
        stack = {2: Stack.FASTMCP2, 3: Stack.FASTMCP3, 4: Stack.FASTMCP4}[fastmcp_pin.major]
        return stack, f"fastmcp {fastmcp_pin.major}.x pinned in {fastmcp_pin.source}"
    if completion or hints.mcp2_error:
        return Stack.FASTMCP4, "@mcp.completion or MCPError (fastmcp 4.x API)"
    return Stack.FASTMCP, "standalone fastmcp, major version not fixed"


def configured_stack(family: str, lowlevel_style: str | None, hints: StackHints, pins,
                     completion: bool) -> tuple[Stack, str, str] | None:
    """The stack the config's ``mcp-version`` / ``fastmcp-version`` names when the code's API
    shape says otherwise: ``(stack, reason, the contradicting API)``; None when the config
    names no version for this server's package or the code agrees with it.

    The user states what they deploy, so the configured version wins (DESIGN.md, config:
    "overridable in config"); the contradiction is reported (MCP003), never silently settled.
    """
    mcp_pin = getattr(pins, "mcp", None)
    fastmcp_pin = getattr(pins, "fastmcp", None)
    mcp_configured = mcp_pin is not None and mcp_pin.source == "config"
    if family == "lowlevel" and mcp_configured:
        stack = Stack.MCP1_LOWLEVEL if mcp_pin.major == 1 else Stack.MCP2_LOWLEVEL
        if lowlevel_style == "decorator" and stack is not Stack.MCP1_LOWLEVEL:
            return stack, "mcp version set in config", "decorator registration is the mcp 1.x API"
        if lowlevel_style == "constructor" and stack is Stack.MCP1_LOWLEVEL:
            return stack, "mcp version set in config", "on_* handler registration is the mcp 2.x API"
        return None
    if family == "mcp1-fastmcp" and mcp_configured and mcp_pin.major != 1:
        return (Stack.MCP2_MCPSERVER, "mcp version set in config",
                "mcp.server.fastmcp.FastMCP is the mcp 1.x API (mcp 2.x has MCPServer)")
    if family == "mcp2-mcpserver" and mcp_configured and mcp_pin.major == 1:
        return Stack.MCP1_FASTMCP, "mcp version set in config", "mcp.server.mcpserver.MCPServer is the mcp 2.x API"
    if family not in ("lowlevel", "mcp1-fastmcp", "mcp2-mcpserver") and fastmcp_pin is not None \
            and fastmcp_pin.source == "config" and fastmcp_pin.major in (2, 3) and (completion or hints.mcp2_error):
        stack = Stack.FASTMCP2 if fastmcp_pin.major == 2 else Stack.FASTMCP3
        api = "@mcp.completion" if completion else "MCPError"
        return stack, "fastmcp version set in config", f"{api} is the fastmcp 4.x API"
    return None


def idiomatic_invalid_params(stack: Stack, middleware: bool | None) -> str:
    """The fix that makes a caller error arrive as -32602 on ``stack`` (``middleware``: whether
    ErrorHandlingMiddleware is installed, None when unknown)."""
    if middleware is None and stack in (Stack.FASTMCP2, Stack.FASTMCP3):
        return "raise ValueError with ErrorHandlingMiddleware installed, which maps it to -32602"
    return {
        Stack.MCP1_LOWLEVEL: "raise McpError(ErrorData(code=INVALID_PARAMS, message=...))",
        Stack.MCP2_LOWLEVEL: "raise MCPError(code=INVALID_PARAMS, message=...)",
        Stack.LOWLEVEL: "raise McpError(ErrorData(code=INVALID_PARAMS, message=...)) on mcp 1.x, "
                        "MCPError(code=INVALID_PARAMS, message=...) on mcp 2.x",
        # FRAMEWORKS.md §2: every prompt exception, McpError(INVALID_PARAMS) included, arrives
        # as code 0 "Error rendering prompt <name>: <message>"; raising McpError there only
        # trades this finding for MCP206, so the advice is the message and the way out.
        Stack.MCP1_FASTMCP: "raise an error whose message names the argument: no prompt code can send -32602 on "
                            "mcp 1.x FastMCP, which sends every prompt exception as code 0 'Error rendering prompt "
                            "...: <message>' (mcp 2.x MCPServer and fastmcp 4.x send -32602)",
        Stack.MCP2_MCPSERVER: "raise MCPError(code=INVALID_PARAMS, message=...)",
        Stack.FASTMCP2: "raise ValueError under ErrorHandlingMiddleware, which maps it to -32602"
                        if middleware else "add ErrorHandlingMiddleware and raise ValueError (mapped to -32602)",
        Stack.FASTMCP3: "raise ValueError under ErrorHandlingMiddleware, which maps it to -32602"
                        if middleware else "add ErrorHandlingMiddleware and raise ValueError (mapped to -32602)",
        Stack.FASTMCP4: "raise fastmcp.exceptions.ValidationError(...)",
        # ErrorHandlingMiddleware maps a ValueError to -32602 on every fastmcp major
        Stack.FASTMCP: "raise ValueError under ErrorHandlingMiddleware, which maps it to -32602" if middleware
                       else "on fastmcp 4.x raise fastmcp.exceptions.ValidationError(...); on 2.x/3.x add "
                            "ErrorHandlingMiddleware and raise ValueError",
    }[stack]


#: The mcp major each stack runs on (FRAMEWORKS.md §1-7; fastmcp 2/3 on mcp 1.x, fastmcp 4 on 2.x).
_STACK_MAJORS = {
    Stack.MCP1_LOWLEVEL: 1, Stack.MCP1_FASTMCP: 1, Stack.FASTMCP2: 1, Stack.FASTMCP3: 1,
    Stack.MCP2_LOWLEVEL: 2, Stack.MCP2_MCPSERVER: 2, Stack.FASTMCP4: 2,
}


def stack_major(stack: Stack) -> int | None:
    """The mcp major version ``stack`` runs on; None when the stack leaves it open."""
    return _STACK_MAJORS.get(stack)


def raised_on(stack: Stack, error: ErrorKind) -> ErrorKind | None:
    """What a raise of ``error`` really raises on ``stack``: the TypeError its construction
    fails with on that major (``error.fails_on``; its ``broken`` note kept), else ``error``.
    None when the construction fails on one major and the stack does not fix which it is."""
    if error.fails_on is None:
        return error
    major = stack_major(stack)
    if major is None:
        return None
    if major != error.fails_on:
        return error
    return ErrorKind("generic", "TypeError", broken=error.broken)


def prompt_error_outcome(server: ServerModel, error: ErrorKind) -> tuple[bool, str]:
    """Whether raising ``error`` in a prompt handler gives the caller -32602, and what it gives.

    Returns ``(correct, received)`` where ``received`` describes the JSON-RPC error the client
    gets on this server's stack (FRAMEWORKS.md, "Verified behaviour: prompts/get").
    """
    stack, middleware = server.stack, server.error_middleware
    actual = raised_on(stack, error)
    if actual is None:
        return True, "unknown"
    error = actual
    name = error.name
    if error.category == "mcp":
        return error.code in (None, INVALID_PARAMS), f"code {error.code}"
    if (name, error.ancestors) == UNKNOWN_PARSE_ERROR and (
            middleware or stack in (Stack.FASTMCP2, Stack.FASTMCP3, Stack.FASTMCP, Stack.FASTMCP4)):
        return True, "unknown"  # a library parser's own class: whether a middleware maps it is not known
    if error.category == "unknown":
        return True, "unknown"
    if stack in (Stack.FASTMCP2, Stack.FASTMCP3, Stack.FASTMCP, Stack.FASTMCP4) and middleware is None:
        # middleware the model cannot identify: ValueError/TypeError may well arrive as -32602
        if name in ("ValueError", "TypeError") or error.category == "fastmcp-validation":
            return True, "unknown"
        return False, (f"{generic_outcome(stack)} (nor -32602 under ErrorHandlingMiddleware, which maps only "
                       f"ValueError/TypeError to it)")
    if error.category == "pydantic-validation" and middleware and stack in (Stack.FASTMCP4, Stack.FASTMCP):
        # pydantic's ValidationError is a ValueError: fastmcp 4's middleware matches by subclass
        # (-32602); 2.x/3.x match the exact type (-32603). Unpinned: it may be either, so silent.
        return True, "-32602 (via ErrorHandlingMiddleware, which maps ValueError subclasses on 4.x)" \
            if stack is Stack.FASTMCP4 else "unknown"
    if stack is Stack.FASTMCP and middleware and error.category == "fastmcp-validation":
        return True, "unknown"  # -32603 under the middleware on 2.x/3.x, -32602 on 4.x (verified): not pinned
    if stack is Stack.FASTMCP and middleware and middleware_outcome(name, by_subclass=True, ancestors=error.ancestors)[0]:
        return True, "unknown"  # a ValueError subclass: -32603 on 2.x/3.x, -32602 on 4.x (not pinned)
    if stack in (Stack.FASTMCP2, Stack.FASTMCP3, Stack.FASTMCP) and middleware:
        return middleware_outcome(name)
    if stack is Stack.FASTMCP and error.category == "fastmcp-validation":
        return True, "-32602 on fastmcp 4.x (code 0 on 2.x/3.x)"  # the 4.x idiom; the version is not pinned
    if stack is Stack.FASTMCP4:
        if error.category == "fastmcp-validation":
            return True, "-32602"
        if middleware:  # 4.x matches by subclass: json.loads's JSONDecodeError is a ValueError
            return middleware_outcome(name, by_subclass=True, ancestors=error.ancestors)
        return False, "-32603 'Error rendering prompt ...'"
    if stack is Stack.MCP2_LOWLEVEL and error.category == "pydantic-validation":
        return True, "-32602"
    return False, generic_outcome(stack)


def invalid_params_rewrapped_per_raise(server: ServerModel, error: ErrorKind) -> bool:
    """Whether ``error``, a -32602 McpError raised in a prompt, reaches the client as -32603
    because of a choice each raise can undo: fastmcp 2.x/3.x with ``ErrorHandlingMiddleware``
    installed map an McpError from a prompt to -32603 'Internal error' and a ValueError to
    -32602 (FRAMEWORKS.md §5, "fm2/fm3 with ErrorHandlingMiddleware"), so raising ValueError
    there is the fix. Without the middleware (or on mcp 1.x FastMCP) no raise can send -32602:
    that is MCP206's server-wide finding."""
    return error.category == "mcp" and error.code == INVALID_PARAMS and raised_on(server.stack, error) is error \
        and server.stack in (Stack.FASTMCP2, Stack.FASTMCP3) and server.error_middleware is True


def middleware_outcome(name: str, by_subclass: bool = False, ancestors: tuple[str, ...] = ()) -> tuple[bool, str]:
    """What fastmcp's ``ErrorHandlingMiddleware`` sends for an exception named ``name`` (or
    its ``__cause__``): ``(correct, received)``. The match is exact in 2.x/3.x and by
    subclass in 4.x (``by_subclass``: a JSONDecodeError is a ValueError there; FRAMEWORKS.md
    §5, "fm2/fm3 with ErrorHandlingMiddleware", and "fm4 with the middleware")."""
    if name in ("ValueError", "TypeError") or (by_subclass and _subclass_of_value_or_type(name, ancestors)):
        return True, "-32602 (via ErrorHandlingMiddleware)"
    if name in ("KeyError", "FileNotFoundError", "NotFoundError"):
        return False, ("-32001 'not found' (ErrorHandlingMiddleware maps KeyError to not-found, "
                       "only ValueError/TypeError to -32602)")
    return False, "-32603 'Internal error' (ErrorHandlingMiddleware maps only ValueError/TypeError to -32602)"


def _subclass_of_value_or_type(name: str, ancestors: tuple[str, ...]) -> bool:
    """A ValueError or TypeError subclass: by the class's known ancestors (``class ToneError(ValueError)``,
    see :class:`ErrorKind`), else by its name (``JSONDecodeError``)."""
    error = ErrorKind("generic", name, ancestors=ancestors)
    return error_caught_by(error, "ValueError") or error_caught_by(error, "TypeError")


def generic_outcome(stack: Stack) -> str:
    """What a client receives when a prompt handler raises a plain exception on ``stack``."""
    return {
        Stack.MCP1_LOWLEVEL: "code 0 with the exception text",
        Stack.MCP2_LOWLEVEL: "code 0 on 2025-era connections and -32603 on 2026-07-28 ones",
        Stack.LOWLEVEL: "code 0 (and -32603 on mcp 2.x with the 2026-07-28 protocol)",
        Stack.MCP1_FASTMCP: "code 0 'Error rendering prompt ...'",  # the fix text says no prompt can send -32602
        Stack.MCP2_MCPSERVER: "code 0 on 2025-era connections and -32603 on 2026-07-28 ones",
        Stack.FASTMCP2: "code 0 'Error rendering prompt ...'",
        Stack.FASTMCP3: "code 0 'Error rendering prompt ...'",
        Stack.FASTMCP4: "-32603 'Error rendering prompt ...'",
        Stack.FASTMCP: "code 0 on fastmcp 2.x/3.x and -32603 on 4.x",
    }[stack]
