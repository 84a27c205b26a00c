from mcp import types
from mcp.server import Server, ServerRequestContext

from .regions import region_for

SCALE = types.Tool(name="scale", input_schema={"type": "object", "properties": {"region": {"type": "string"}},
                                               "required": ["region"]})


async def on_list_tools(ctx: ServerRequestContext, params) -> types.ListToolsResult:
    return types.ListToolsResult(tools=[SCALE])


async def on_call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
    if params.name != "scale":
        return types.CallToolResult(content=[types.TextContent(type="text", text="unknown tool")], is_error=True)
    args = params.arguments or {}
    region = region_for(args.get("region"))
    return types.CallToolResult(content=[types.TextContent(type="text", text=f"scaled {region}")])


server = Server("fleet", on_list_tools=on_list_tools, on_call_tool=on_call_tool)
