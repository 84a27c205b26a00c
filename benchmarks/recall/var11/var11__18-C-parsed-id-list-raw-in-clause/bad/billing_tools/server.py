import sqlite3

from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext

from .ids import ToolInputError
from .queries import invoice_totals

TOOLS = [
    types.Tool(
        name="invoice_totals",
        description="Totals of the given invoices",
        input_schema={
            "type": "object",
            "properties": {"invoice_ids": {"type": "string", "description": "Comma-separated invoice ids"}},
            "required": ["invoice_ids"],
        },
    )
]
HANDLERS = {"invoice_totals": invoice_totals}


def create_server(db: sqlite3.Connection) -> Server:
    async def list_tools(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return types.ListToolsResult(tools=TOOLS)

    async def call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
        handler = HANDLERS.get(params.name)
        if handler is None:
            raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown tool: {params.name}")
        try:
            text = handler(db, params.arguments or {})
        except ToolInputError as exc:
            return types.CallToolResult(content=[types.TextContent(type="text", text=str(exc))], is_error=True)
        return types.CallToolResult(content=[types.TextContent(type="text", text=text)])

    return Server("billing-tools", on_list_tools=list_tools, on_call_tool=call_tool)
