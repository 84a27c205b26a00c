import asyncio

from mcp import types
from mcp.server import Server, ServerRequestContext

from .command import build_command
from .schema import APPLY_TOOL


def _result(text: str, error: bool) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=error)


async def call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
    if params.name != APPLY_TOOL.name:
        return _result(f"unknown tool {params.name}", True)
    args = params.arguments or {}
    missing = [key for key in ("release", "chart") if not args.get(key)]
    if missing:
        return _result(f"missing: {', '.join(missing)}", True)
    proc = await asyncio.create_subprocess_exec(
        *build_command(args), stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )
    out, _ = await proc.communicate()
    return _result(out.decode()[-4000:], proc.returncode != 0)


async def list_tools(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
    return types.ListToolsResult(tools=[APPLY_TOOL])


def build() -> Server:
    return Server("helm", on_list_tools=list_tools, on_call_tool=call_tool)
