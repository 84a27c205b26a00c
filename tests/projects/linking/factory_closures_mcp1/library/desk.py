"""A second server whose table holds a decorated handler: the decorator's wrapper is not a
handler of its own, so the table is not followed and nothing is reported here."""

from mcp.server.lowlevel import Server
from mcp.types import TextContent, Tool

from .handlers import _renew, logged

DESK = {"renew": logged(_renew)}
desk = Server("desk")


@desk.list_tools()
async def list_tools() -> list[Tool]:
    return [Tool(name="renew", description="Renew a loan", inputSchema={"type": "object", "properties": {"loan": {"type": "string"}}})]


@desk.call_tool()
async def call_tool(name: str, arguments: dict) -> list[TextContent]:
    return [TextContent(type="text", text=await DESK[name](arguments))]
