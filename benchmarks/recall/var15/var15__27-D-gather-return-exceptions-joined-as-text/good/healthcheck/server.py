from mcp import types
from mcp.server import Server

from . import tools


class HealthServer:
    def __init__(self):
        self.routes = {tools.CHECK.name: tools.check_endpoints}
        self.server = Server("health", on_list_tools=self.list_tools, on_call_tool=self.call_tool)

    async def list_tools(self, ctx, params):
        return types.ListToolsResult(tools=[tools.CHECK])

    async def call_tool(self, ctx, params: types.CallToolRequestParams):
        route = self.routes.get(params.name)
        if route is None:
            return tools._text(f"unknown tool {params.name}", error=True)
        return await route(params.arguments or {})
