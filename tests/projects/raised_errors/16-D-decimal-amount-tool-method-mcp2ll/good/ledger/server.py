from mcp import types
from mcp.server import Server, ServerRequestContext

from .entries import LedgerTools

ledger = LedgerTools()


async def list_tools(ctx: ServerRequestContext, params) -> types.ListToolsResult:
    return types.ListToolsResult(tools=[ledger.spec])


async def call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
    if params.name != ledger.spec.name:
        return types.CallToolResult(content=[types.TextContent(type="text", text="unknown tool")], is_error=True)
    return ledger.add_entry(params.arguments or {})


server = Server("ledger", on_list_tools=list_tools, on_call_tool=call_tool)
