from mcp import types
from mcp.server.lowlevel import Server

from .export import EXPORT_TOOL, export_table

server = Server("warehouse")


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [EXPORT_TOOL]


@server.call_tool(validate_input=False)
async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
    if name == EXPORT_TOOL.name:
        return export_table(arguments)
    raise ValueError(f"Unknown tool: {name}")
