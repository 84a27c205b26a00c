from mcp import types
from mcp.server import Server, ServerRequestContext

from .ping import fail, ping

TOOLS = {
    "ping_host": (ping, types.Tool(name="ping_host", input_schema={
        "type": "object", "properties": {"host": {"type": "string"}}, "required": ["host"]})),
}


def build() -> Server:
    async def list_tools(ctx: ServerRequestContext, params) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[t for _, t in TOOLS.values()])

    async def call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
        entry = TOOLS.get(params.name)
        if entry is None:
            return fail(f"unknown tool {params.name}")
        return entry[0](params.arguments or {})

    return Server("ops", on_list_tools=list_tools, on_call_tool=call_tool)
