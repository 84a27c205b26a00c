"""Tools and a prompt registered on a server that another module makes (fault_registered.py): an empty topic silently becomes "anything"."""

from fastmcp import FastMCP


def register_faulty_notes(mcp: FastMCP) -> None:
    @mcp.tool
    def count_words(text: str) -> int:
        """Count the words of a text."""
        return len(text.split())

    @mcp.prompt
    def outline(topic: str) -> str:
        """Outline a note."""
        topic = topic.strip() or "anything"
        return f"Outline a note about {topic}"
