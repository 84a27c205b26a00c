from mcp import types
from mcp.server import Server, ServerRequestContext

from .service import ProbeService

probe = ProbeService()


async def on_list_tools(ctx: ServerRequestContext, params) -> types.ListToolsResult:
    return types.ListToolsResult(tools=[probe.tool])


async def on_call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
    if params.name == probe.tool.name:
        return probe.run(params.arguments or {})
    return probe.reply(f"unknown tool {params.name}", error=True)


server = Server("probe", on_list_tools=on_list_tools, on_call_tool=on_call_tool)
