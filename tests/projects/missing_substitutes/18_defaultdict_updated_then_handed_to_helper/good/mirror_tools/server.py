from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext
from mcp.types import INVALID_PARAMS

from . import git
from .argbag import bag

FETCH = types.Tool(
    name="fetch_branch",
    description="Fetch one branch of the mirrored repository",
    input_schema={
        "type": "object",
        "properties": {"branch": {"type": "string"}, "depth": {"type": "integer"}},
        "required": ["branch"],
    },
)


async def on_list_tools(ctx: ServerRequestContext, params) -> types.ListToolsResult:
    return types.ListToolsResult(tools=[FETCH])


async def on_call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
    if params.name != FETCH.name:
        raise MCPError(code=INVALID_PARAMS, message=f"unknown tool {params.name}")
    try:
        text = git.fetch_branch(bag(params.arguments))
    except KeyError as exc:
        raise MCPError(code=INVALID_PARAMS, message=f"missing argument {exc}")
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)])


def build() -> Server:
    return Server("mirror", on_list_tools=on_list_tools, on_call_tool=on_call_tool)
