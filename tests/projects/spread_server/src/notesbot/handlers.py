"""Plain functions; wiring.py registers them on the server app.py makes."""


def tag(note: str, label: str) -> str:
    label = label or "misc"
    return f"Tag {note} as {label}"
