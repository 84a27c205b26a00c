# expect-fail: test_tool_paint_empty_color, test_tool_paint_invalid_color
"""Planted fault: the tool's check raises, but its own except turns the error into a success."""

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
    try:
        color = arguments["color"]
        if color not in COLORS:
            raise ValueError("color must be red or blue")
        text = f"Paint {arguments['wall']} {color}"
    except Exception as error:
        text = f"Error: {error}"
    return [types.TextContent(type="text", text=text)]
