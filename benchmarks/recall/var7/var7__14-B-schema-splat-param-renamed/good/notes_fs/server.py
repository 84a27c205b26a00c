from mcp import types
from mcp.server.lowlevel import Server

from .fs_tools import LIST_DIR, list_dir

server = Server("notes-fs")
HANDLERS = {LIST_DIR.name: list_dir}


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [LIST_DIR]


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
    handler = HANDLERS[name]
    entries = handler(**arguments)
    return [types.TextContent(type="text", text="\n".join(entries) or "(empty)")]
