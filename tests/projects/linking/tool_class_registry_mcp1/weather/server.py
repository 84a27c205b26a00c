from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData, TextContent, Tool

from . import tools  # noqa: F401  (fills the registry)
from .tools.registry import TOOL_TYPES

server = Server("weather")


@server.list_tools()
async def list_tools() -> list[Tool]:
    return [
        Tool(name="forecast", description="The forecast",
             inputSchema={"type": "object",
                          "properties": {"city": {"type": "string"}, "days": {"type": "integer", "default": 3}},
                          "required": ["city"]}),
        Tool(name="alerts", description="Weather alerts",
             inputSchema={"type": "object", "properties": {"region": {"type": "string"}},  # error: MCP103
                          "required": ["region"]}),
    ]


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[TextContent]:
    tool_class = TOOL_TYPES.get(name)
    if tool_class is None:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"unknown tool {name}"))
    return [TextContent(type="text", text=await tool_class().call(arguments))]
