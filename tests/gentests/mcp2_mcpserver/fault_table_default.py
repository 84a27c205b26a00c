# expect-fail: test_prompt_document_empty_language
"""Planted fault: a required language looked up in a table falls back to English when empty."""

from mcp.server.mcpserver import MCPServer

mcp = MCPServer("gentests-table-default")
LANGUAGES = {"en": "English", "de": "German"}


@mcp.prompt()
def document(symbol: str, language: str) -> str:
    """Document a symbol."""
    name = LANGUAGES.get(language) or "English"
    return f"Document {symbol} in {name}"
