import mcp.types as types
from mcp.server import ServerRequestContext

from .db import run_readonly, text_result

DB_PATH = "/var/lib/app/reporting.db"


class Handlers:
    tools = [types.Tool(
        name="query",
        description="Run a read-only SQL query",
        input_schema={"type": "object", "properties": {"sql": {"type": "string"}}, "required": ["sql"]},
    )]

    async def list_tools(self, ctx: ServerRequestContext, params) -> types.ListToolsResult:
        return types.ListToolsResult(tools=self.tools)

    async def call_tool(self, ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
        if params.name != "query":
            return text_result(f"unknown tool {params.name}", failed=True)
        sql = (params.arguments or {}).get("sql")
        if not isinstance(sql, str):
            return text_result("sql is required", failed=True)
        return run_readonly(DB_PATH, sql)
