from mcp import types
from mcp.server import Server, ServerRequestContext

from .args import ToolArgs
from .handlers import SYNC_TOOL, _text, sync_branch

HANDLERS = {SYNC_TOOL.name: sync_branch}


async def list_tools(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
    return types.ListToolsResult(tools=[SYNC_TOOL])


async def call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
    handler = HANDLERS.get(params.name)
    if handler is None:
        return _text(f"unknown tool {params.name}", error=True)
    return await handler(ToolArgs(params.arguments or {}))


server = Server("gitops", on_list_tools=list_tools, on_call_tool=call_tool)
