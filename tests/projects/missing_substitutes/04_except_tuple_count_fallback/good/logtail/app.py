from mcp import types
from mcp.server.lowlevel import Server

from . import reader

server = Server("logtail")

TAIL = types.Tool(
    name="tail_log",
    description="Last lines of a service log",
    inputSchema={
        "type": "object",
        "properties": {"service": {"type": "string"}, "lines": {"type": "integer"}},
        "required": ["service", "lines"],
    },
)


@server.list_tools()
async def tools() -> list[types.Tool]:
    return [TAIL]


@server.call_tool(validate_input=False)
async def call(name: str, arguments: dict) -> list[types.TextContent]:
    if name != "tail_log":
        raise ValueError(f"unknown tool {name}")
    if "service" not in arguments:
        raise ValueError("service is required")
    return [types.TextContent(type="text", text="".join(reader.tail(arguments)))]
