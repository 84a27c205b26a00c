from mcp import types
from mcp.server.lowlevel import Server

from . import tools

HANDLERS = {tools.PROBE.name: tools.probe}


def create() -> Server:
    server = Server("netcheck")

    @server.list_tools()
    async def list_tools() -> list[types.Tool]:
        return [tools.PROBE]

    @server.call_tool(validate_input=False)
    async def call_tool(name: str, arguments: dict):
        if name not in HANDLERS:
            raise ValueError(f"unknown tool {name}")
        return await HANDLERS[name](arguments)

    return server
