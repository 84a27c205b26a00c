import mcp.types as types
from mcp.server import Server, ServerRequestContext

from .tools import CreateTicket, _text

TOOLS = {t.name: t for t in (CreateTicket(),)}


async def on_list_tools(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
    return types.ListToolsResult(tools=[t.definition() for t in TOOLS.values()])


async def on_call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
    tool = TOOLS.get(params.name)
    if tool is None:
        return _text(f"unknown tool {params.name}", error=True)
    return await tool.run(params.arguments or {})


def create_app() -> Server:
    return Server("tickets", on_list_tools=on_list_tools, on_call_tool=on_call_tool)
