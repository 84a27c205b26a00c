from mcp import types
from mcp.server import Server, ServerRequestContext

from .handlers import LIST_TOOL, BucketTools


def build(client_factory) -> Server:
    tools = BucketTools(client_factory)

    async def on_list_tools(ctx: ServerRequestContext, params) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[LIST_TOOL])

    async def on_call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
        if params.name != LIST_TOOL.name:
            return types.CallToolResult(content=[types.TextContent(type="text", text="unknown tool")], is_error=True)
        return await tools.list_objects(params.arguments or {})

    return Server("bucketops", on_list_tools=on_list_tools, on_call_tool=on_call_tool)
