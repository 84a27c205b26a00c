"""Table entries that are lambdas handing the mapping on, and a partial of a shared helper."""

import functools

from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData, TextContent, Tool

server = Server("weather")


async def forecast(arguments: dict) -> str:
    return f"forecast for {arguments.get('town', '')}"  # error: MCP102


async def report(kind: str, arguments: dict) -> str:
    station = arguments.get("station")
    if not station:
        raise McpError(ErrorData(code=INVALID_PARAMS, message="station is required"))
    return f"{kind} at {station}"


async def _history(arguments: dict, years: int) -> str:
    return arguments.get("anything", "")  # ok: behind a lambda that adds an argument, not followed


ACTIONS = {
    "forecast": lambda arguments: forecast(arguments),
    "rain": functools.partial(report, "rain"),
    "wind": lambda args: functools.partial(report, "wind")(args),
}
HISTORY = {"history": lambda arguments: _history(arguments, 10)}


@server.list_tools()
async def list_tools() -> list[Tool]:
    station = {"type": "object", "properties": {"station": {"type": "string"}}}
    return [
        Tool(name="forecast", description="Forecast", inputSchema={"type": "object", "properties": {"city": {"type": "string"}}}),  # reported with the undeclared read (MCP102)
        Tool(name="rain", description="Rain", inputSchema=station),
        Tool(name="wind", description="Wind", inputSchema=station),
        Tool(name="history", description="History", inputSchema={"type": "object", "properties": {"year": {"type": "integer"}}}),
    ]


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[TextContent]:
    if name in HISTORY:
        return [TextContent(type="text", text=await HISTORY[name](arguments))]
    if name not in ACTIONS:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"unknown tool {name}"))
    return [TextContent(type="text", text=await ACTIONS[name](arguments))]
