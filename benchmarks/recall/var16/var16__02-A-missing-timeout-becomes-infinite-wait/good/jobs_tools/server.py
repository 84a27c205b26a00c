from mcp import types
from mcp.server import Server, ServerRequestContext

from .handlers import JobWaiter
from .schema import WAIT_FOR_JOB


class _FakeCI:
    async def state(self, job_id: str) -> str:
        return "success"


def create_server(ci=None) -> Server:
    table = {WAIT_FOR_JOB.name: JobWaiter(ci or _FakeCI())}

    async def on_list_tools(ctx: ServerRequestContext, params) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[WAIT_FOR_JOB])

    async def on_call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
        handler = table.get(params.name)
        if handler is None:
            return types.CallToolResult(content=[types.TextContent(type="text", text=f"unknown tool {params.name}")], is_error=True)
        return await handler(params.arguments or {})

    return Server("ci-jobs", on_list_tools=on_list_tools, on_call_tool=on_call_tool)
