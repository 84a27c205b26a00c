import os

from fastmcp import FastMCP

mcp = FastMCP("sheets")
READ_ONLY = os.environ.get("SHEETS_READ_ONLY", "0") == "1"


def tool(*, writes: bool = False, **options):
    """Register a tool, unless it writes and the server runs read-only."""
    if writes and READ_ONLY:
        return lambda fn: fn
    return mcp.tool(**options)
