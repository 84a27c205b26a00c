import base64

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from .storage import Bucket

mcp = MCPServer("media")
bucket = Bucket("media-uploads")


@mcp.tool()
def upload_image(key: str, content_b64: str) -> str:
    """Store a base64-encoded image under key."""
    stored = bucket.put(key, base64.b64decode(content_b64))
    if stored:
        return f"Stored {key}"
    else:
        raise ToolError(f"Could not store {key}; the bucket refused the write")


@mcp.tool()
def list_images(prefix: str = "") -> str:
    """List stored image keys under a prefix."""
    found = bucket.keys(prefix)
    if not found:
        return "No images stored under that prefix"
    return "\n".join(found)
