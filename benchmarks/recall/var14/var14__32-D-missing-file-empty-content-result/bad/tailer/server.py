import re

import mcp.types as types
from mcp import MCPError
from mcp.server import Server, ServerRequestContext

from .logs import tail

SPEC = types.Tool(
    name="tail_log",
    description="Last lines of a service log",
    input_schema={
        "type": "object",
        "properties": {"service": {"type": "string"}, "lines": {"type": "integer", "minimum": 1}},
        "required": ["service"],
    },
)


async def list_tools(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
    return types.ListToolsResult(tools=[SPEC])


async def call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
    if params.name != SPEC.name:
        raise MCPError(code=types.INVALID_PARAMS, message=f"unknown tool {params.name}")
    args = params.arguments or {}
    service = args.get("service", "")
    if not re.fullmatch(r"[a-z][a-z0-9-]{1,40}", service):
        raise MCPError(code=types.INVALID_PARAMS, message="service must be a lowercase service name")
    lines = args.get("lines", 50)
    if not isinstance(lines, int) or lines < 1:
        raise MCPError(code=types.INVALID_PARAMS, message="lines must be a positive integer")
    return tail(service, lines)


server = Server("tailer", on_list_tools=list_tools, on_call_tool=call_tool)
