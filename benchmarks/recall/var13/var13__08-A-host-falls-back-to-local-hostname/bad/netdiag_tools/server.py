from typing import Any

from mcp import types
from mcp.server.lowlevel import Server

from .diag import PING, probe

server = Server("netdiag")
TOOLS = {PING.name: (PING, probe)}


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [tool for tool, _ in TOOLS.values()]


@server.call_tool(validate_input=False)
async def call_tool(name: str, arguments: dict[str, Any]) -> list[types.TextContent]:
    if name not in TOOLS:
        raise ValueError(f"Unknown tool: {name}")
    _, handler = TOOLS[name]
    return await handler(arguments)
