import json
import sqlite3

from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext

from .tables import TableError
from .tools import SAMPLE_SCHEMA, sample_rows

TOOL = types.Tool(name="sample_rows", description="Show a few rows of a warehouse table", input_schema=SAMPLE_SCHEMA)


def create_server(db_path: str) -> Server:
    db = sqlite3.connect(db_path)

    async def list_tools(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[TOOL])

    async def call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
        if params.name != TOOL.name:
            raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown tool: {params.name}")
        try:
            rows = sample_rows(db, params.arguments or {})
        except (TableError, ValueError) as exc:
            return types.CallToolResult(content=[types.TextContent(type="text", text=str(exc))], is_error=True)
        return types.CallToolResult(content=[types.TextContent(type="text", text=json.dumps(rows, default=str))])

    return Server("warehouse-tools", on_list_tools=list_tools, on_call_tool=call_tool)
