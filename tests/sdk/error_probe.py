"""Run by a test-only environment that has an MCP SDK installed (never by mcplint itself): make one
of our own servers whose prompts and tools each raise one exception, call every one through the
SDK's in-memory client and print, as JSON, what the client received: the JSON-RPC error code of a
prompt (``"ok"`` for a result) and of a tool (``"isError"`` for an isError result).

Usage: ``python error_probe.py STACK [mw]`` with STACK one of mcp1-lowlevel, mcp1-fastmcp,
mcp2-lowlevel, mcp2-mcpserver, fm2, fm3, fm4 (``mw``: install fastmcp's ErrorHandlingMiddleware).
On mcp 2.x each case is called on a 2025-era connection (``legacy``) and a 2026-07-28 one (``auto``).
"""

from __future__ import annotations

import asyncio
import json
import sys
import warnings

warnings.filterwarnings("ignore")
STACK = sys.argv[1]
MIDDLEWARE = sys.argv[2:] == ["mw"]


def cases() -> dict:
    """Case name -> a function that raises it (built lazily: each SDK has its own classes)."""
    from mcp.types import INVALID_PARAMS, ErrorData

    def raising(factory):
        def run():
            raise factory()
        return run

    found = {"ValueError": raising(lambda: ValueError("bad value")),
             "ErrorData(positional)": raising(lambda: Exception(ErrorData(INVALID_PARAMS, "m")))}
    if STACK.startswith("mcp1"):
        from mcp.server.fastmcp import exceptions
        from mcp.shared.exceptions import McpError
        found.update({"sdk.ToolError": raising(lambda: exceptions.ToolError("m")),
                      "sdk.ValidationError": raising(lambda: exceptions.ValidationError("m")),
                      "McpError(ErrorData)": raising(lambda: McpError(ErrorData(code=INVALID_PARAMS, message="m"))),
                      "McpError(code=,message=)": raising(lambda: McpError(code=INVALID_PARAMS, message="m")),
                      "raise ErrorData": raising(lambda: ErrorData(code=INVALID_PARAMS, message="m"))})
    if STACK.startswith("mcp2"):
        from mcp import MCPError
        from mcp.server.mcpserver import exceptions
        found.update({"sdk.ToolError": raising(lambda: exceptions.ToolError("m")),
                      "sdk.ResourceError": raising(lambda: exceptions.ResourceError("m")),
                      "MCPError(code=,message=)": raising(lambda: MCPError(code=INVALID_PARAMS, message="m")),
                      "MCPError(ErrorData)": raising(lambda: MCPError(ErrorData(code=INVALID_PARAMS, message="m"))),
                      "MCPError(text)": raising(lambda: MCPError("m"))})
    if STACK.startswith("fm"):
        from fastmcp import exceptions
        found.update({"fastmcp.PromptError": raising(lambda: exceptions.PromptError("m")),
                      "fastmcp.ToolError": raising(lambda: exceptions.ToolError("m")),
                      "fastmcp.ValidationError": raising(lambda: exceptions.ValidationError("m")),
                      "fastmcp.McpError(ErrorData)": raising(
                          lambda: exceptions.McpError(ErrorData(code=INVALID_PARAMS, message="m"))),
                      "fastmcp.McpError(code=,message=)": raising(
                          lambda: exceptions.McpError(code=INVALID_PARAMS, message="m"))})
    return found


CASES = cases()
NAMES = list(CASES)


def signature_server():
    if STACK == "mcp1-fastmcp":
        from mcp.server.fastmcp import FastMCP
        server = FastMCP("probe")
    elif STACK == "mcp2-mcpserver":
        from mcp.server.mcpserver import MCPServer
        server = MCPServer("probe")
    else:
        from fastmcp import FastMCP
        server = FastMCP("probe")
        if MIDDLEWARE:
            from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware
            server.add_middleware(ErrorHandlingMiddleware())
    for index, name in enumerate(NAMES):
        def handler(x: str, run=CASES[name]) -> str:
            run()
            return "ok"
        server.prompt(name=f"p{index}")(handler)
        server.tool(name=f"t{index}")(handler)
    return server


def lowlevel_server():
    from mcp import types
    prompts = [types.Prompt(name=f"p{i}") for i in range(len(NAMES))]
    if STACK == "mcp1-lowlevel":
        from mcp.server.lowlevel import Server
        server = Server("probe")

        @server.list_prompts()
        async def list_prompts():
            return prompts

        @server.get_prompt()
        async def get_prompt(name, arguments):
            CASES[NAMES[int(name[1:])]]()

        @server.list_tools()
        async def list_tools():
            return [types.Tool(name=f"t{i}", inputSchema={"type": "object"}) for i in range(len(NAMES))]

        @server.call_tool()
        async def call_tool(name, arguments):
            CASES[NAMES[int(name[1:])]]()
        return server
    from mcp.server import Server

    async def on_list_prompts(ctx, params):
        return types.ListPromptsResult(prompts=prompts)

    async def on_get_prompt(ctx, params):
        CASES[NAMES[int(params.name[1:])]]()

    async def on_list_tools(ctx, params):
        return types.ListToolsResult(tools=[types.Tool(name=f"t{i}", input_schema={"type": "object"})
                                            for i in range(len(NAMES))])

    async def on_call_tool(ctx, params):
        CASES[NAMES[int(params.name[1:])]]()
    return Server("probe", on_list_prompts=on_list_prompts, on_get_prompt=on_get_prompt,
                  on_list_tools=on_list_tools, on_call_tool=on_call_tool)


def code_of(error: Exception):
    inner = getattr(error, "error", None)
    return getattr(inner if inner is not None else error, "code", repr(error))


async def outcomes(client, fastmcp_client: bool) -> dict:
    found = {}
    for index, name in enumerate(NAMES):
        try:
            await client.get_prompt(f"p{index}", {"x": "1"})
            prompt = "ok"
        except Exception as error:  # noqa: BLE001 - the code is the answer
            prompt = code_of(error)
        try:
            extra = {"raise_on_error": False} if fastmcp_client else {}
            result = await client.call_tool(f"t{index}", {"x": "1"}, **extra)
            failed = getattr(result, "isError", None) or getattr(result, "is_error", None)
            tool = "isError" if failed else "ok"
        except Exception as error:  # noqa: BLE001
            tool = code_of(error)
        found[name] = {"prompt": prompt, "tool": tool}
    return found


async def main() -> dict:
    if STACK.startswith("fm"):
        from fastmcp import Client
        async with Client(signature_server()) as client:
            return {"-": await outcomes(client, True)}
    server = lowlevel_server() if STACK.endswith("lowlevel") else signature_server()
    if STACK.startswith("mcp1"):
        from mcp.shared.memory import create_connected_server_and_client_session
        async with create_connected_server_and_client_session(getattr(server, "_mcp_server", server)) as session:
            return {"-": await outcomes(session, False)}
    from mcp import Client
    found = {}
    for mode in ("legacy", "auto"):
        async with Client(server, mode=mode) as client:
            found[mode] = await outcomes(client, False)
    return found


if __name__ == "__main__":
    print(json.dumps(asyncio.run(main())))
