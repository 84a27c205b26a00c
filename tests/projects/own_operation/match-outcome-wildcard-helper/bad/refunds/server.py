from mcp import types
from mcp.server import Server, ServerRequestContext

from .handlers import issue_refund

TOOLS = [
    types.Tool(
        name="issue_refund",
        description="Refund part or all of a charge",
        input_schema={
            "type": "object",
            "properties": {"charge_id": {"type": "string"}, "amount": {"type": "integer"}},
            "required": ["charge_id", "amount"],
        },
    )
]


async def list_tools(ctx: ServerRequestContext, params) -> types.ListToolsResult:
    return types.ListToolsResult(tools=TOOLS)


async def call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
    if params.name == "issue_refund":
        return await issue_refund(params.arguments or {})
    return types.CallToolResult(content=[types.TextContent(type="text", text=f"unknown tool {params.name}")], is_error=True)


server = Server("refunds", on_list_tools=list_tools, on_call_tool=call_tool)
