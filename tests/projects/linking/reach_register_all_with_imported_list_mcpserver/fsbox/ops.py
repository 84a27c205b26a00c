NOTES = {"todo": "buy milk", "ideas": "a linter"}


def read_note(name: str) -> str:
    """Read one note."""
    try:
        return NOTES[name]
    except KeyError:
        return f"Note {name} not found"  # error: MCP204


def list_notes() -> list[str]:
    """Names of all notes."""
    return sorted(NOTES)


ALL_TOOLS = [read_note, list_notes]
