from mcp.server.lowlevel import Server
from mcp.types import TextContent, Tool

from .tools import MonthlyReport

server = Server("reports")
monthly = MonthlyReport()


@server.list_tools()
async def list_tools() -> list[Tool]:
    return [Tool(name="monthly", description="The monthly report",  # ok: what the object reads is not known
                 inputSchema={"type": "object", "properties": {"month": {"type": "string"}}})]


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[TextContent]:
    if name == "monthly":
        return [TextContent(type="text", text=await monthly.execute(arguments))]
    raise ValueError(f"unknown tool {name}")
