import mcp.types as types
from mcp.server.lowlevel import Server

from .tools import run_check

server = Server("runner")
TOOLS = {
    "run_check": (types.Tool(name="run_check", inputSchema={
        "type": "object",
        "properties": {"command": {"type": "string"}, "timeout_seconds": {"type": "number"}},
        "required": ["command"],
    }), run_check),
}


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [tool for tool, _ in TOOLS.values()]


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
    if name not in TOOLS:
        raise ValueError(f"unknown tool {name}")
    return await TOOLS[name][1](arguments)
