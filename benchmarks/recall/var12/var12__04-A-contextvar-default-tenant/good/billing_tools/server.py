from typing import Any

from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext

from .repo import InvoiceRepo
from .tools import COUNT_INVOICES, count_invoices


def create_server(pool: Any) -> Server:
    repo = InvoiceRepo(pool)

    async def list_tools(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[COUNT_INVOICES])

    async def call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
        if params.name != COUNT_INVOICES.name:
            raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown tool: {params.name}")
        return await count_invoices(repo, params.arguments or {})

    return Server("billing-tools", on_list_tools=list_tools, on_call_tool=call_tool)
