import mcp.types as types
from mcp.server import Server, ServerRequestContext

from .tools import TOOLS


async def list_tools(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
    return types.ListToolsResult(tools=[spec for spec, _ in TOOLS.values()])


async def call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
    entry = TOOLS.get(params.name)
    if entry is None:
        return types.CallToolResult(content=[types.TextContent(type="text", text=f"unknown tool {params.name}")], is_error=True)
    _, fn = entry
    return await fn(params.arguments or {})


def make_server() -> Server:
    return Server("cachectl", on_list_tools=list_tools, on_call_tool=call_tool)
