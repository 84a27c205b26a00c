import mcp.types as types
from mcp.server import Server, ServerRequestContext

from .tool import DeleteRelease, result


def build(published: set[str]) -> Server:
    registry = {t.name: t for t in [DeleteRelease(published)]}

    async def list_tools(ctx: ServerRequestContext, params) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[types.Tool(name=t.name, input_schema=t.schema) for t in registry.values()])

    async def call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
        tool = registry.get(params.name)
        if tool is None:
            return result(f"unknown tool {params.name}", error=True)
        return tool.run(params.arguments or {})

    return Server("releases", on_list_tools=list_tools, on_call_tool=call_tool)
