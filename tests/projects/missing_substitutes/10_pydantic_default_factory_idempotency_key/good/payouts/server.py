from mcp import types
from mcp.server import Server, ServerRequestContext

from . import tools


def build(bank) -> Server:
    async def list_tools(ctx: ServerRequestContext, params) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[tools.PAYOUT])

    async def call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
        if params.name == tools.PAYOUT.name:
            return await tools.send_payout(bank, params.arguments or {})
        return types.CallToolResult(content=[types.TextContent(type="text", text="unknown tool")], is_error=True)

    return Server("payouts", on_list_tools=list_tools, on_call_tool=call_tool)
