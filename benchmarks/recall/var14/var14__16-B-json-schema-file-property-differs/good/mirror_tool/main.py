import mcp.types as types
from mcp.server.lowlevel import Server

from . import schemas
from .sync import sync_folder

server = Server("mirror")
HANDLERS = {"sync_folder": sync_folder}


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [types.Tool(name=name, inputSchema=schemas.load(name)) for name in HANDLERS]


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
    handler = HANDLERS.get(name)
    if handler is None:
        raise ValueError(f"unknown tool {name}")
    return [types.TextContent(type="text", text=handler(arguments))]
