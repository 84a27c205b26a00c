from mcp.server.lowlevel import Server
from mcp.types import TextContent, Tool

from .issues import CloseIssue, OpenIssue

server = Server("tracker")
TOOLS = [OpenIssue(), CloseIssue()]


@server.list_tools()
async def list_tools() -> list[Tool]:
    return [tool.definition for tool in TOOLS]


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[TextContent]:
    for tool in TOOLS:
        if tool.name == name:
            return [TextContent(type="text", text=await tool.execute(arguments))]
    raise ValueError(f"unknown tool {name}")
