from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData, TextContent, Tool

from .actions import Borrow, Renew

server = Server("library")
ACTIONS = (Borrow(), Renew())


@server.list_tools()
async def list_tools() -> list[Tool]:
    return [
        Tool(name="borrow", description="Borrow a book",
             inputSchema={"type": "object", "properties": {"isbn": {"type": "string"}}, "required": ["isbn"]}),
        Tool(name="renew", description="Renew a loan",
             inputSchema={"type": "object", "properties": {"weeks": {"type": "integer", "default": 2}}}),
    ]


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[TextContent]:
    action = next((a for a in ACTIONS if a.name == name), None)
    if action is None:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"unknown tool {name}"))
    return [TextContent(type="text", text=await action.perform(arguments))]
