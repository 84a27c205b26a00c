import mcp.types as types
from mcp.server.lowlevel import Server

from . import tools

TABLE = {tools.PURGE.name: (tools.PURGE, tools.purge_reports)}


def create_server() -> Server:
    server = Server("reports")

    @server.list_tools()
    async def list_tools() -> list[types.Tool]:
        return [spec for spec, _ in TABLE.values()]

    @server.call_tool()
    async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
        if name not in TABLE:
            raise LookupError(f"unknown tool {name}")
        return TABLE[name][1](arguments)

    return server
