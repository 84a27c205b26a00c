from mcp import types
from mcp.server.lowlevel import Server

from .download import download

DOWNLOAD = types.Tool(
    name="download_sdk",
    description="Fetch a wheel of the internal SDK",
    inputSchema={"type": "object", "properties": {"version": {"type": "string"}}, "required": ["version"]},
)


class PinServer:
    def __init__(self):
        self.server = Server("pinner")
        self.server.list_tools()(self.tools)
        self.server.call_tool()(self.call)

    async def tools(self) -> list[types.Tool]:
        return [DOWNLOAD]

    async def call(self, name: str, arguments: dict) -> list[types.TextContent]:
        if name != DOWNLOAD.name:
            raise ValueError(f"unknown tool {name}")
        return [types.TextContent(type="text", text=download(arguments))]
