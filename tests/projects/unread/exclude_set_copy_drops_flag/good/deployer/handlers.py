from mcp import types
from mcp.server import ServerRequestContext

from .ops import rollout

INTERNAL = {"token", "trace"}

ROLLOUT = types.Tool(
    name="rollout",
    input_schema={
        "type": "object",
        "properties": {"service": {"type": "string"}, "version": {"type": "string"}, "dry_run": {"type": "boolean"}},
        "required": ["service", "version"],
    },
)


async def list_tools(ctx: ServerRequestContext, params) -> types.ListToolsResult:
    return types.ListToolsResult(tools=[ROLLOUT])


async def call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
    args = params.arguments or {}
    kwargs = {k: v for k, v in args.items() if k not in INTERNAL}
    text = rollout(**kwargs)
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)])
