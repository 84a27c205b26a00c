from mcp import types
from mcp.server import Server, ServerRequestContext

from .handlers import list_issues, text_result
from .schema import LIST_ISSUES_SCHEMA

HANDLERS = {"list_issues": list_issues}


def create() -> Server:
    async def tools(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[types.Tool(name="list_issues", input_schema=LIST_ISSUES_SCHEMA)])

    async def call(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
        handler = HANDLERS.get(params.name)
        if handler is None:
            return text_result(f"unknown tool {params.name}", error=True)
        return handler(params.arguments or {})

    return Server("issues", on_list_tools=tools, on_call_tool=call)
