"""Tools and a prompt registered on a server that another module makes (clean_registered.py)."""

from fastmcp import FastMCP


def register_notes(mcp: FastMCP) -> None:
    @mcp.tool
    def count_words(text: str) -> int:
        """Count the words of a text."""
        return len(text.split())

    @mcp.prompt
    def outline(topic: str) -> str:
        """Outline a note."""
        if not topic.strip():
            raise ValueError("topic must not be empty")
        return f"Outline a note about {topic}"
