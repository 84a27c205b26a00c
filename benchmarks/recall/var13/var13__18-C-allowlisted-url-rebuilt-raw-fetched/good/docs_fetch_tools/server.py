import httpx
from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext

from .fetch import FETCH_TOOL, fetch_doc


class DocsServer:
    def __init__(self) -> None:
        self.client = httpx.AsyncClient(timeout=15)
        self.server = Server("docs-fetch", on_list_tools=self.list_tools, on_call_tool=self.call_tool)

    async def list_tools(self, ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[FETCH_TOOL])

    async def call_tool(self, ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
        if params.name != FETCH_TOOL.name:
            raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown tool: {params.name}")
        return await fetch_doc(self.client, params.arguments or {})
