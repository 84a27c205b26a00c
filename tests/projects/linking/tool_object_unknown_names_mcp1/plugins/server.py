"""Plugin objects named by a configuration file: which object serves which tool is not known
from the source, so what each reads is not judged against any one tool."""

import json
from pathlib import Path

from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData, TextContent, Tool

server = Server("plugins")
SETTINGS = json.loads(Path("plugins.json").read_text())


class Plugin:
    def __init__(self, name: str) -> None:
        self.name = name

    async def run(self, arguments: dict) -> str:
        return str(arguments.get("input", ""))  # ok: the tool it serves is not known


class Summary(Plugin):
    async def run(self, arguments: dict) -> str:
        return str(arguments.get("text", ""))  # ok: the tool it serves is not known


PLUGINS = [Plugin(SETTINGS["echo_name"]), Summary(SETTINGS["summary_name"])]


@server.list_tools()
async def list_tools() -> list[Tool]:
    return [Tool(name="echo", description="Echo", inputSchema={"type": "object", "properties": {"input": {}}}),
            Tool(name="summary", description="Sum up", inputSchema={"type": "object", "properties": {"text": {}}})]


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[TextContent]:
    for plugin in PLUGINS:
        if plugin.name == name:
            return [TextContent(type="text", text=await plugin.run(arguments))]
    raise McpError(ErrorData(code=INVALID_PARAMS, message=f"unknown tool {name}"))
