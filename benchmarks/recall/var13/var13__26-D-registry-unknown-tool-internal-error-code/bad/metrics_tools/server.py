from mcp import types
from mcp.server import Server, ServerRequestContext

from .metrics import registry


async def list_tools(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
    return types.ListToolsResult(tools=registry.tools())


async def call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
    handler = registry.handler(params.name)
    return await handler(params.arguments or {})


server = Server("metrics", on_list_tools=list_tools, on_call_tool=call_tool)
