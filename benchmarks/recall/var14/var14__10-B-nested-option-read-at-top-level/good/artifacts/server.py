import mcp.types as types
from mcp.server import Server, ServerRequestContext

from .registry import registry
from . import cleanup  # noqa: F401  (registers its tools)


async def on_list_tools(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
    return types.ListToolsResult(tools=registry.specs())


async def on_call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
    return await registry.call(params.name, params.arguments or {})


def create() -> Server:
    return Server("artifacts", on_list_tools=on_list_tools, on_call_tool=on_call_tool)
