from mcp import types
from mcp.server import Server, ServerRequestContext

from . import tools

HANDLERS = {tools.SUBNET.name: tools.subnet_info}


async def list_tools(ctx: ServerRequestContext, params) -> types.ListToolsResult:
    return types.ListToolsResult(tools=[tools.SUBNET])


async def call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
    handler = HANDLERS.get(params.name)
    if handler is None:
        return tools.text_result(f"unknown tool {params.name}", failed=True)
    return handler(params.arguments or {})


server = Server("subnets", on_list_tools=list_tools, on_call_tool=call_tool)
