from mcp import types
from mcp.server import Server

from .tools import RUN, run_check, text_result

HANDLERS = {RUN.name: run_check}


async def list_tools(ctx, params) -> types.ListToolsResult:
    return types.ListToolsResult(tools=[RUN])


async def call_tool(ctx, params: types.CallToolRequestParams) -> types.CallToolResult:
    handler = HANDLERS.get(params.name)
    if handler is None:
        return text_result(f"unknown tool {params.name}", error=True)
    return handler(params.arguments or {})


def build() -> Server:
    return Server("runner", on_list_tools=list_tools, on_call_tool=call_tool)
