from mcp import types
from mcp.server.lowlevel import Server

from .tools import RUNBOOK_TOOL, get_runbook


def create_server() -> Server:
    server = Server("oncall")

    @server.list_tools()
    async def list_tools() -> list[types.Tool]:
        return [RUNBOOK_TOOL]

    @server.call_tool()
    async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
        if name != RUNBOOK_TOOL.name:
            raise ValueError(f"Unknown tool: {name}")
        return await get_runbook(arguments)

    return server
