from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext

from .handlers import TOOLS


async def on_list_tools(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
    return types.ListToolsResult(tools=[tool for tool, _ in TOOLS.values()])


async def on_call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
    entry = TOOLS.get(params.name)
    if entry is None:
        raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown tool: {params.name}")
    _, handler = entry
    return await handler(params.arguments or {})


server = Server("weather", on_list_tools=on_list_tools, on_call_tool=on_call_tool)
