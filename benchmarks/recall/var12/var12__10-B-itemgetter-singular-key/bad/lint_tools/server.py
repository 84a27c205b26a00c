from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext

from .lint import HANDLERS
from .schemas import TOOLS


def _result(text: str, error: bool = False) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=error)


async def list_tools(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
    return types.ListToolsResult(tools=list(TOOLS.values()))


async def call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
    tool = TOOLS.get(params.name)
    if tool is None:
        raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown tool: {params.name}")
    args = params.arguments or {}
    missing = [key for key in tool.input_schema.get("required", []) if key not in args]
    if missing:
        return _result(f"missing required arguments: {', '.join(missing)}", error=True)
    if args["mode"] not in ("check", "fix"):
        return _result("mode must be check or fix", error=True)
    return _result(await HANDLERS[params.name](args))


server = Server("lint-tools", on_list_tools=list_tools, on_call_tool=call_tool)
