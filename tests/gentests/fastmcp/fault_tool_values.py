# expect-fail: test_tool_close_ticket_empty_key, test_tool_close_ticket_invalid_key
"""Planted fault: the tool's check raises, but its own except returns the error text as a success."""

import re

from fastmcp import FastMCP

mcp = FastMCP("gentests-tool-values")
KEY = re.compile(r"[A-Z]+-[0-9]+")


@mcp.tool
def close_ticket(key: str, comment: str = "") -> str:
    """Close a ticket."""
    try:
        if not KEY.fullmatch(key):
            raise ValueError("key must look like ABC-123")
        return f"Closed {key} {comment}"
    except ValueError as error:
        return f"Error: {error}"
