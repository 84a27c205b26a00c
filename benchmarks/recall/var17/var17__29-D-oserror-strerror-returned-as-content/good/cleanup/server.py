import mcp.types as types
from mcp.server.lowlevel import Server

from .fs import remove_workspace

SPEC = types.Tool(
    name="remove_workspace",
    inputSchema={"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]},
)
HANDLERS = {"remove_workspace": lambda a: remove_workspace(a["name"])}


def register(server: Server) -> None:
    @server.list_tools()
    async def tools() -> list[types.Tool]:
        return [SPEC]

    @server.call_tool()
    async def call(name: str, arguments: dict) -> list[types.TextContent]:
        handler = HANDLERS.get(name)
        if handler is None:
            raise KeyError(name)
        return [types.TextContent(type="text", text=handler(arguments))]


def main() -> Server:
    server = Server("cleanup")
    register(server)
    return server
