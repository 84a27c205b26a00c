from mcp import types
from mcp.server import Server, ServerRequestContext

from . import tools


async def _fake_send(target: str, body: dict) -> int:
    return 202


class HookServer:
    def __init__(self, sender=_fake_send) -> None:
        self.sender = sender
        self.server = Server("hooks", on_list_tools=self.list_tools, on_call_tool=self.call_tool)

    async def list_tools(self, ctx: ServerRequestContext, params) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[tools.REPLAY])

    async def call_tool(self, ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
        if params.name != tools.REPLAY.name:
            return tools.result(f"unknown tool {params.name}", error=True)
        return await tools.replay(params.arguments or {}, self.sender)
