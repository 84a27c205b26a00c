from mcp.server import Server
from mcp.shared.exceptions import MCPError
from mcp.types import INVALID_PARAMS, CallToolResult, ListToolsResult, TextContent, Tool

from .handlers import HANDLERS


async def list_tools(ctx, params) -> ListToolsResult:
    return ListToolsResult(tools=[
        Tool(name="find_table", description="Free tables",
             input_schema={"type": "object", "properties": {"day": {"type": "string", "default": "today"}}}),
        Tool(name="reserve", description="Book a table",
             input_schema={"type": "object",
                           "properties": {"party_size": {"type": "integer", "default": 2}}}),  # error: MCP103
    ])


async def call_tool(ctx, params) -> CallToolResult:
    for handler in HANDLERS:
        if handler.name == params.name:
            text = await handler.handle(params.arguments or {})
            return CallToolResult(content=[TextContent(type="text", text=text)])
    raise MCPError(code=INVALID_PARAMS, message=f"unknown tool {params.name}")


server = Server("bookings", on_list_tools=list_tools, on_call_tool=call_tool)
