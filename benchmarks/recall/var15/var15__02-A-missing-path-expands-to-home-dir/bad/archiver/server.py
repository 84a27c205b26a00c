from mcp import types
from mcp.server import Server, ServerRequestContext

from .tools import ArchiveTool

REGISTRY = {t.spec.name: t for t in (ArchiveTool(),)}


async def on_list_tools(ctx: ServerRequestContext, params) -> types.ListToolsResult:
    return types.ListToolsResult(tools=[t.spec for t in REGISTRY.values()])


async def on_call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
    tool = REGISTRY.get(params.name)
    if tool is None:
        return types.CallToolResult(content=[types.TextContent(type="text", text=f"unknown tool {params.name}")], is_error=True)
    return await tool.run(params.arguments or {})


server = Server("archiver", on_list_tools=on_list_tools, on_call_tool=on_call_tool)
