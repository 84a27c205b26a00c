from mcp import types
from mcp.server import Server

from . import handlers

DISPATCH = {handlers.PUSH.name: handlers.git_push}


def make_server() -> Server:
    async def list_tools(ctx, params):
        return types.ListToolsResult(tools=[handlers.PUSH])

    async def call_tool(ctx, params: types.CallToolRequestParams):
        fn = DISPATCH.get(params.name)
        if fn is None:
            return handlers.text_result(f"unknown tool {params.name}", error=True)
        return await fn(params.arguments or {})

    return Server("gitpush", on_list_tools=list_tools, on_call_tool=call_tool)
