from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData, TextContent, Tool

from . import tools  # noqa: F401  (fills the registry)
from .registry import registry

server = Server("shop")


@server.list_tools()
async def list_tools() -> list[Tool]:
    return [tool.spec() for tool in registry.every()]


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[TextContent]:
    tool = registry.find(name)
    if tool is None:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"unknown tool {name}"))
    return [TextContent(type="text", text=await tool.run(arguments))]
