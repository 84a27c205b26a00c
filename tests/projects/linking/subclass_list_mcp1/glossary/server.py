from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData, TextContent, Tool

from . import commands  # noqa: F401
from .commands.base import Command

COMMANDS = {kind.name: kind() for kind in Command.__subclasses__()}
server = Server("glossary")


@server.list_tools()
async def list_tools() -> list[Tool]:
    return [command.describe() for command in COMMANDS.values()]


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[TextContent]:
    if name not in COMMANDS:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"no tool {name}"))
    return [TextContent(type="text", text=await COMMANDS[name].run(arguments))]
