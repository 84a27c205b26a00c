from mcp.types import ToolAnnotations

from .server import experiment, tool

NOTES = {"inbox": "call the bank"}


@tool(annotations=ToolAnnotations(readOnlyHint=True))
def read_note(title: str) -> str:
    """One note by its title."""
    if title not in NOTES:
        return f"No note titled {title}"  # error: MCP204
    return NOTES[title]


@tool()
def delete_note(title: str) -> str:
    """Delete a note."""
    if NOTES.pop(title, None) is None:
        raise ValueError(f"No note titled {title}")  # ok: an isError result
    return "deleted"


@experiment
def rename_note(title: str, new_title: str) -> str:
    if title not in NOTES:
        return f"No note titled {title}"  # ok: collected for a later release, never registered
    NOTES[new_title] = NOTES.pop(title)
    return "renamed"
