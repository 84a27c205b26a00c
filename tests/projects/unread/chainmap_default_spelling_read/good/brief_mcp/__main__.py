import anyio
from mcp.server.stdio import stdio_server

from .server import server


async def main() -> None:
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


anyio.run(main)
