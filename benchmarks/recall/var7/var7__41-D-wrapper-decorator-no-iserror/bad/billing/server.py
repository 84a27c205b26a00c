from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext

from .tools import INVOICE_TOOL, create_invoice

TOOLS = {INVOICE_TOOL.name: create_invoice}


async def on_list_tools(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
    return types.ListToolsResult(tools=[INVOICE_TOOL])


async def on_call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
    fn = TOOLS.get(params.name)
    if fn is None:
        raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown tool: {params.name}")
    return await fn(params.arguments or {})


server = Server("billing", on_list_tools=on_list_tools, on_call_tool=on_call_tool)
