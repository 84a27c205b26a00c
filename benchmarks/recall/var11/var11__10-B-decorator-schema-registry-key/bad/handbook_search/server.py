from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext

from . import tools  # noqa: F401  (registers the tools)
from .index import HandbookIndex
from .registry import REGISTRY


def _result(text: str, error: bool = False) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=error)


def create_server(index: HandbookIndex) -> Server:
    async def list_tools(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[entry.tool for entry in REGISTRY.values()])

    async def call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
        entry = REGISTRY.get(params.name)
        if entry is None:
            raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown tool: {params.name}")
        args = params.arguments or {}
        missing = [key for key in entry.tool.input_schema.get("required", []) if key not in args]
        if missing:
            return _result(f"missing arguments: {', '.join(missing)}", error=True)
        titles = await entry.fn(index, args)
        return _result("\n".join(titles) or "no matches")

    return Server("handbook-search", on_list_tools=list_tools, on_call_tool=call_tool)
