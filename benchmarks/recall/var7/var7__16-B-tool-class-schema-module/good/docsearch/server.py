from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext

from .index import DocIndex
from .tools import SearchTool


class ToolRegistry:
    def __init__(self, *tools: SearchTool) -> None:
        self.tools = {t.name: t for t in tools}

    async def list_tools(self, ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[t.definition() for t in self.tools.values()])

    async def call_tool(self, ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
        tool = self.tools.get(params.name)
        if tool is None:
            raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown tool: {params.name}")
        return await tool.run(params.arguments or {})


registry = ToolRegistry(SearchTool(DocIndex({})))
server = Server("docsearch", on_list_tools=registry.list_tools, on_call_tool=registry.call_tool)
