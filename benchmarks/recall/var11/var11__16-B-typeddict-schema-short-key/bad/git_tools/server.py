from pathlib import Path

import mcp.types as types
from mcp.server.lowlevel import Server

from .models import COMMIT_SCHEMA
from .repo import Repo
from .tools import commit

TOOLS = [types.Tool(name="commit", description="Stage paths and commit them", inputSchema=COMMIT_SCHEMA)]


def create_server(root: Path) -> Server:
    server = Server("git-tools")
    repo = Repo(root)

    @server.list_tools()
    async def list_tools() -> list[types.Tool]:
        return TOOLS

    @server.call_tool()
    async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
        if name != "commit":
            raise ValueError(f"Unknown tool: {name}")
        return [types.TextContent(type="text", text=await commit(repo, arguments))]

    return server
