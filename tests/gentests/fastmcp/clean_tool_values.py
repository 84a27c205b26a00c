# expect-fail: (none)
"""Correct twin: a tool whose code checks a ticket key against a pattern (an error result)."""

import re

from fastmcp import FastMCP

mcp = FastMCP("gentests-tool-values")
KEY = re.compile(r"[A-Z]+-[0-9]+")


@mcp.tool
def close_ticket(key: str, comment: str = "") -> str:
    """Close a ticket."""
    if not KEY.fullmatch(key):
        raise ValueError("key must look like ABC-123")
    return f"Closed {key} {comment}"
