from mcp.server import Server
from mcp.shared.exceptions import MCPError
from mcp.types import INVALID_PARAMS, CallToolResult, ListToolsResult, TextContent, Tool

from . import handlers  # noqa: F401  (fills the registry)
from .handlers.registry import HANDLERS

_SKU = {"sku": {"type": "string", "default": ""}}


async def list_tools(ctx, params) -> ListToolsResult:
    return ListToolsResult(tools=[
        Tool(name="count", description="Units in stock", input_schema={"type": "object", "properties": _SKU}),
        Tool(name="restock", description="Add units",
             input_schema={"type": "object",
                           "properties": {**_SKU, "amount": {"type": "integer", "default": 1}}}),  # error: MCP103
    ])


async def call_tool(ctx, params) -> CallToolResult:
    handler = HANDLERS.get(params.name)
    if handler is None:
        raise MCPError(code=INVALID_PARAMS, message=f"unknown tool {params.name}")
    text = await handler(params.arguments or {})
    return CallToolResult(content=[TextContent(type="text", text=text)])


server = Server("inventory", on_list_tools=list_tools, on_call_tool=call_tool)
