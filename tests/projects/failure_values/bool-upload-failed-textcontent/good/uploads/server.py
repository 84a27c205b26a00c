import base64
from pathlib import Path

import mcp.types as types
from mcp.server.lowlevel import Server

from .store import Bucket

server = Server("uploads")
bucket = Bucket(Path("/srv/bucket"))


@server.list_tools()
async def list_tools():
    return [types.Tool(name="upload", description="Store a base64 blob under a key",
                       inputSchema={"type": "object", "properties": {"key": {"type": "string"}, "data": {"type": "string"}},
                                    "required": ["key", "data"]})]


@server.call_tool()
async def call_tool(name: str, arguments: dict):
    if name != "upload":
        raise ValueError(f"Unknown tool: {name}")
    key = arguments["key"]
    ok = await bucket.upload(key, base64.b64decode(arguments["data"]))
    if not ok:
        raise RuntimeError(f"upload of {key} did not go through")
    return [types.TextContent(type="text", text=f"stored {key}")]
