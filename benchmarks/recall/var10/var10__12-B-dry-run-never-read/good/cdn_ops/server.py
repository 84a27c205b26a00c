from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext

from .api import CdnApi
from .schemas import TOOL_NAMES, TOOLS
from .tools import CdnTools, ToolInputError


def _result(text: str, error: bool = False) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=error)


def create_server(api: CdnApi | None = None) -> Server:
    tools = CdnTools(api or CdnApi())

    async def list_tools(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return types.ListToolsResult(tools=TOOLS)

    async def call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
        if params.name not in TOOL_NAMES:
            raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown tool: {params.name}")
        method = getattr(tools, params.name)
        try:
            text = await method(params.arguments or {})
        except ToolInputError as exc:
            return _result(str(exc), error=True)
        return _result(text)

    return Server("cdn-ops", on_list_tools=list_tools, on_call_tool=call_tool)
