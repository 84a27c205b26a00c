from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData, TextContent, Tool

from .handlers import borrower, searcher

HANDLERS = {"search": searcher(10), "borrow": borrower()}
server = Server("library")


@server.list_tools()
async def list_tools() -> list[Tool]:
    return [
        Tool(name="search", description="Find books", inputSchema={"type": "object", "properties": {"words": {"type": "string"}}}),
        Tool(name="borrow", description="Borrow a book",
             inputSchema={"type": "object", "properties": {"isbn": {"type": "string"}}}),
    ]


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[TextContent]:
    handler = HANDLERS.get(name)
    if handler is None:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"unknown tool {name}"))
    return [TextContent(type="text", text=await handler(arguments))]
