# expect-fail: (none)
"""Correct twin: a tool whose code rejects a colour outside its allowed set (an isError result)."""

import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("gentests-tool-values")
COLORS = ("red", "blue")


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [types.Tool(name="paint", inputSchema={
        "type": "object",
        "properties": {"color": {"type": "string"}, "wall": {"type": "string"}},
        "required": ["color", "wall"],
    })]


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
    if name != "paint":
        raise ValueError(f"unknown tool {name!r}")
    color = arguments["color"]
    if color not in COLORS:
        raise ValueError("color must be red or blue")
    return [types.TextContent(type="text", text=f"Paint {arguments['wall']} {color}")]
