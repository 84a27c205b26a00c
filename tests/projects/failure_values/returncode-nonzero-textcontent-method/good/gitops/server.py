import os

import mcp.types as types
from mcp.server.lowlevel import Server

from .handlers import GitTools

app = Server("gitops")
TOOLS = GitTools(os.environ.get("REPO", "."))


@app.list_tools()
async def list_tools() -> list[types.Tool]:
    return TOOLS.tools()


@app.call_tool()
async def call_tool(name: str, arguments: dict):
    if name == "checkout":
        return await TOOLS.checkout(arguments)
    raise ValueError(f"unknown tool {name}")
