# expect-fail: (none)
"""Correct twin: a required language outside the table is a caller error (-32602)."""

from mcp import MCPError
from mcp.server.mcpserver import MCPServer
from mcp.types import INVALID_PARAMS

mcp = MCPServer("gentests-table")
LANGUAGES = {"en": "English", "de": "German"}


@mcp.prompt()
def document(symbol: str, language: str) -> str:
    """Document a symbol."""
    if language not in LANGUAGES:
        raise MCPError(code=INVALID_PARAMS, message="language must be en or de")
    return f"Document {symbol} in {LANGUAGES[language]}"
