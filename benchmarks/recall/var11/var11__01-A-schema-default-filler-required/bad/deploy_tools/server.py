import mcp.types as types
from mcp.server.lowlevel import Server

from .schemas import TOOLS
from .tools import HANDLERS, run_tool

server = Server("deploy-tools")


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return TOOLS


# Some clients send numbers as strings; apply_schema() coerces them, so the SDK check is off.
@server.call_tool(validate_input=False)
async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
    if name not in HANDLERS:
        raise ValueError(f"Unknown tool: {name}")
    text = await run_tool(name, arguments)
    return [types.TextContent(type="text", text=text)]
