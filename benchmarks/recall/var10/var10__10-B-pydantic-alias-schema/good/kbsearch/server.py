import mcp.types as types
from mcp.server.lowlevel import Server

from .index import run_search
from .models import SearchParams

server = Server("kb-search")


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [
        types.Tool(
            name="search_kb",
            description="Search the knowledge base",
            inputSchema=SearchParams.model_json_schema(),
        )
    ]


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
    if name != "search_kb":
        raise ValueError(f"Unknown tool: {name}")
    hits = run_search(arguments)
    return [types.TextContent(type="text", text="\n".join(hits) or "no matches")]
