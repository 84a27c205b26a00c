import json

from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext

from .resolve import ToolInputError, lookup_all

RESOLVE = types.Tool(
    name="resolve_hosts",
    description="Resolve several hostnames at once",
    input_schema={
        "type": "object",
        "properties": {"hosts": {"type": "array", "items": {"type": "string"}, "maxItems": 20}},
        "required": ["hosts"],
    },
)


def _result(text: str, error: bool = False) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=error)


async def list_tools(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
    return types.ListToolsResult(tools=[RESOLVE])


async def call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
    if params.name != RESOLVE.name:
        raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown tool: {params.name}")
    hosts = (params.arguments or {}).get("hosts")
    if not isinstance(hosts, list) or not hosts or not all(isinstance(h, str) for h in hosts):
        return _result("hosts must be a non-empty list of strings", error=True)
    try:
        found = await lookup_all(hosts[:20])
    except ToolInputError as exc:
        return _result(str(exc), error=True)
    return _result(json.dumps(found, indent=2))


server = Server("dns-tools", on_list_tools=list_tools, on_call_tool=call_tool)
