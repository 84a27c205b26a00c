import json

import mcp.types as types
from mcp.server.lowlevel import Server

from . import forecast

server = Server("weather")


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [
        types.Tool(
            name="forecast",
            description="Three-day forecast for a city",
            inputSchema={"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
        )
    ]


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
    if name != "forecast":
        raise ValueError(f"Unknown tool: {name}")
    data = forecast.load_forecast(arguments["city"])
    if data is None:
        raise RuntimeError("forecast service unavailable")
    return [types.TextContent(type="text", text=json.dumps(data))]
