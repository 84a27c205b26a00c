import mcp.types as types
from mcp.server.lowlevel import Server

from .handlers import TABLE

TOOLS = [
    types.Tool(
        name="tail_logs",
        description="Last lines of a service journal",
        inputSchema={
            "type": "object",
            "properties": {"service": {"type": "string"}, "lines": {"type": "integer"}},
            "required": ["service"],
        },
    )
]


def make_server() -> Server:
    server = Server("opslogs")

    @server.list_tools()
    async def list_tools() -> list[types.Tool]:
        return TOOLS

    @server.call_tool()
    async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
        handler = TABLE.get(name)
        if handler is None:
            raise ValueError(f"unknown tool {name}")
        return [types.TextContent(type="text", text=await handler(arguments))]

    return server
