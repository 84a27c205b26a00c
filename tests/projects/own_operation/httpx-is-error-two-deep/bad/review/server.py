import mcp.types as types
from mcp.server.lowlevel import Server

from .service import ReviewService

server = Server("review")
svc = ReviewService()


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [
        types.Tool(
            name="comment_on_pr",
            description="Post a review comment",
            inputSchema={
                "type": "object",
                "properties": {"repo": {"type": "string"}, "number": {"type": "integer"}, "body": {"type": "string"}},
                "required": ["repo", "number", "body"],
            },
        )
    ]


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
    if name == "comment_on_pr":
        url = svc.comment(arguments["repo"], arguments["number"], arguments["body"])
        return [types.TextContent(type="text", text=url)]
    raise ValueError(f"Unknown tool {name}")
