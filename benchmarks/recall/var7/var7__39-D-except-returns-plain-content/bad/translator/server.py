import httpx
from mcp import types
from mcp.server.lowlevel import Server

from .backend import translate

TRANSLATE = types.Tool(
    name="translate",
    description="Translate text",
    inputSchema={
        "type": "object",
        "properties": {"text": {"type": "string"}, "target": {"type": "string", "description": "ISO 639-1 code"}},
        "required": ["text", "target"],
    },
)

app = Server("translator")


@app.list_tools()
async def list_tools() -> list[types.Tool]:
    return [TRANSLATE]


@app.call_tool()
async def call_tool(name: str, arguments: dict) -> list[types.TextContent] | types.CallToolResult:
    if name != TRANSLATE.name:
        raise ValueError(f"Unknown tool: {name}")
    try:
        result = translate(arguments["text"], arguments["target"])
    except (httpx.HTTPError, KeyError) as exc:
        return [types.TextContent(type="text", text=f"translation failed: {exc}")]
    return [types.TextContent(type="text", text=result)]
