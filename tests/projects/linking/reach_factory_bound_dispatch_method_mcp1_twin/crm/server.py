import mcp.types as types
from mcp.server.lowlevel import Server

from .handlers import Handlers

TOOLS = [
    types.Tool(
        name="find_customer",
        description="A customer by e-mail.",
        inputSchema={"type": "object", "properties": {"email": {"type": "string"}}, "required": ["email"]},
    )
]


def create_server(db: dict) -> Server:
    server = Server("crm")
    handlers = Handlers(db)

    @server.list_tools()
    async def list_tools() -> list[types.Tool]:
        return TOOLS

    server.call_tool()(handlers.dispatch)
    return server
