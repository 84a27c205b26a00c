from mcp import types
from mcp.server import Server

from .log import LOG_TOOL, _result, branch_log

TOOLS = {LOG_TOOL.name: (LOG_TOOL, branch_log)}


async def _list(ctx, params):
    return types.ListToolsResult(tools=[t for t, _ in TOOLS.values()])


async def _call(ctx, params: types.CallToolRequestParams):
    entry = TOOLS.get(params.name)
    if entry is None:
        return _result(f"unknown tool {params.name}", failed=True)
    return await entry[1](params.arguments or {})


def main() -> Server:
    return Server("gitlog", on_list_tools=_list, on_call_tool=_call)
