# expect-fail: (none)
"""Correct twin: a required language outside the table is a caller error."""

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("gentests-table")
LANGUAGES = {"en": "English", "de": "German"}


@mcp.prompt()
def document(symbol: str, language: str) -> str:
    """Document a symbol."""
    if language not in LANGUAGES:
        raise ValueError("language must be en or de")
    return f"Document {symbol} in {LANGUAGES[language]}"
