from mcp import types
from mcp.server.lowlevel import Server

from . import tools

REGISTRY = {tools.THUMB.name: (tools.THUMB, tools.thumbnail)}


def build() -> Server:
    server = Server("thumbs")

    @server.list_tools()
    async def list_tools() -> list[types.Tool]:
        return [spec for spec, _ in REGISTRY.values()]

    @server.call_tool()
    async def call_tool(name: str, arguments: dict):
        if name not in REGISTRY:
            raise ValueError(f"unknown tool {name}")
        return REGISTRY[name][1](arguments)

    return server
