from functools import partial

import httpx
from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext

from .tools import query_rate
from .validate import METRICS, ArgumentProblem

TOOLS = [
    types.Tool(
        name="query_rate",
        description="Per-second rate of a counter over a window",
        input_schema={
            "type": "object",
            "properties": {
                "metric": {"type": "string", "enum": sorted(METRICS)},
                "window": {"type": "string", "description": "e.g. 5m or '1 hour'", "default": "5m"},
            },
            "required": ["metric"],
        },
    )
]


def create_server(base_url: str = "http://localhost:9090") -> Server:
    http = httpx.AsyncClient(base_url=base_url, timeout=10)
    handlers = {"query_rate": partial(query_rate, http)}

    async def list_tools(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return types.ListToolsResult(tools=TOOLS)

    async def call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
        handler = handlers.get(params.name)
        if handler is None:
            raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown tool: {params.name}")
        try:
            text = await handler(params.arguments or {})
        except ArgumentProblem as exc:
            return types.CallToolResult(content=[types.TextContent(type="text", text=str(exc))], is_error=True)
        return types.CallToolResult(content=[types.TextContent(type="text", text=text)])

    return Server("promtool", on_list_tools=list_tools, on_call_tool=call_tool)
