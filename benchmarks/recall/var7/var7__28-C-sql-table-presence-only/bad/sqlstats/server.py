from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext

from .queries import count_rows

COUNT_TOOL = types.Tool(
    name="count_rows",
    description="Count the rows of an analytics table",
    input_schema={
        "type": "object",
        "properties": {"table": {"type": "string", "enum": ["orders", "customers", "invoices"]}},
        "required": ["table"],
    },
)
DISPATCH = {"count_rows": count_rows}


async def list_tools(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
    return types.ListToolsResult(tools=[COUNT_TOOL])


async def call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
    handler = DISPATCH.get(params.name)
    if handler is None:
        raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown tool: {params.name}")
    return await handler(params.arguments or {})


server = Server("sql-stats", on_list_tools=list_tools, on_call_tool=call_tool)
