from mcp import types
from mcp.server.lowlevel import Server

from .pods import restart_pods

TOOLS = {
    "restart_pods": (
        types.Tool(
            name="restart_pods",
            description="Rollout-restart deployments",
            inputSchema={
                "type": "object",
                "properties": {"namespace": {"type": "string"}, "selector": {"type": "string"}},
                "required": ["namespace"],
            },
        ),
        restart_pods,
    ),
}


def build() -> Server:
    server = Server("kubetool")

    @server.list_tools()
    async def _tools() -> list[types.Tool]:
        return [spec for spec, _ in TOOLS.values()]

    @server.call_tool(validate_input=False)
    async def _call(name: str, arguments: dict) -> list[types.TextContent]:
        if name not in TOOLS:
            raise ValueError(f"unknown tool {name}")
        text = await TOOLS[name][1](arguments)
        return [types.TextContent(type="text", text=text)]

    return server
