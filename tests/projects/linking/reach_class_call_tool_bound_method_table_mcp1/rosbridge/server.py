import asyncio

import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

from .toolbox import RosToolbox

server = Server("rosbridge")
toolbox = RosToolbox()


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return toolbox.definitions()


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
    return await toolbox.call_tool(name, arguments)


async def main() -> None:
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    asyncio.run(main())
