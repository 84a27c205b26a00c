from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext
from mcp.types import INVALID_PARAMS

from . import ops
from .defaults import TOOL_DEFAULTS

TOOLS = [
    types.Tool(name="upload_object", input_schema={
        "type": "object",
        "properties": {"key": {"type": "string"}, "bucket": {"type": "string"}, "acl": {"type": "string"}},
        "required": ["key", "bucket"],
    }),
    types.Tool(name="list_objects", input_schema={
        "type": "object",
        "properties": {"bucket": {"type": "string"}, "prefix": {"type": "string"}},
        "required": ["bucket"],
    }),
]
RUN = {"upload_object": ops.upload, "list_objects": ops.listing}


async def call(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
    if params.name not in RUN:
        raise MCPError(code=INVALID_PARAMS, message=f"unknown tool {params.name}")
    args = {**TOOL_DEFAULTS.get(params.name, {}), **(params.arguments or {})}  # error: MCP101
    try:
        text = RUN[params.name](args)
    except KeyError as exc:
        raise MCPError(code=INVALID_PARAMS, message=f"missing argument {exc}")
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)])


async def listing(ctx: ServerRequestContext, params) -> types.ListToolsResult:
    return types.ListToolsResult(tools=TOOLS)


def create() -> Server:
    return Server("storage", on_call_tool=call, on_list_tools=listing)
