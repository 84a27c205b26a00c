NOTES = {"todo": "buy milk", "ideas": "a linter"}


def read_note(name: str) -> str:
    """Read one note."""
    try:
        return NOTES[name]
    except KeyError:
        raise ValueError(f"Note {name} not found")  # ok: the fix of the twin


def list_notes() -> list[str]:
    """Names of all notes."""
    return sorted(NOTES)


ALL_TOOLS = [read_note, list_notes]
