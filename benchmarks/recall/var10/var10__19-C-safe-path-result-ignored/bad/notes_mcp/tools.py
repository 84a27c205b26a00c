from mcp.server.fastmcp import FastMCP

from .paths import NOTES_DIR, note_path


def read_note(name: str) -> str:
    """Return the markdown of one note."""
    path = note_path(name)
    return (NOTES_DIR / f"{name}.md").read_text(encoding="utf-8")


def list_notes() -> list[str]:
    """Names of all notes."""
    return sorted(p.stem for p in NOTES_DIR.glob("*.md"))


def register_tools(mcp: FastMCP) -> None:
    for fn in (read_note, list_notes):
        mcp.tool()(fn)
