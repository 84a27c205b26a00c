from mcp.server import Server
from mcp.shared.exceptions import MCPError
from mcp.types import INVALID_PARAMS, CallToolResult, ListToolsResult, TextContent, Tool

from .operations import Ledger

LEDGER = Ledger()
OPERATIONS = {
    "balance": lambda a: LEDGER.balance(a),
    "transfer": lambda a: LEDGER.transfer(a),
}


async def list_tools(ctx, params) -> ListToolsResult:
    return ListToolsResult(tools=[
        Tool(name="balance", description="Balance", input_schema={"type": "object", "properties": {"account": {"type": "string"}}}),
        Tool(name="transfer", description="Transfer",
             input_schema={"type": "object", "properties": {"amount": {"type": "integer", "default": 0}}}),
    ])


async def call_tool(ctx, params) -> CallToolResult:
    operation = OPERATIONS.get(params.name)
    if operation is None:
        raise MCPError(code=INVALID_PARAMS, message=f"unknown tool {params.name}")
    return CallToolResult(content=[TextContent(type="text", text=operation(params.arguments or {}))])


server = Server("ledger", on_list_tools=list_tools, on_call_tool=call_tool)
