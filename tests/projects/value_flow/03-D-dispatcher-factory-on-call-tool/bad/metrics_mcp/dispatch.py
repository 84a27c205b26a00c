from mcp import MCPError, types
from mcp.types import INVALID_PARAMS


def make_call_handler(table):
    """Build the tools/call handler over a {name: (fn, schema)} table."""

    async def call_tool(ctx, params: types.CallToolRequestParams) -> types.CallToolResult:
        entry = table.get(params.name)
        if entry is None:
            raise MCPError(code=INVALID_PARAMS, message=f"unknown tool {params.name}")
        return entry[0](params.arguments or {})

    return call_tool


def make_list_handler(table):
    async def list_tools(ctx, params) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[types.Tool(name=n, input_schema=s) for n, (_, s) in table.items()])

    return list_tools
