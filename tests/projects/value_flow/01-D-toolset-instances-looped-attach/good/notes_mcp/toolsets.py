from fastmcp import FastMCP
from fastmcp.exceptions import ToolError

from .store import Store


class NoteTools:
    def __init__(self, store: Store) -> None:
        self.store = store

    def attach(self, app: FastMCP) -> None:
        app.tool(name="read_note")(self.read_note)

    def read_note(self, title: str) -> str:
        """Return the body of the note with this title."""
        note = self.store.find(title)
        if note is None:
            raise ToolError(f"no note titled {title!r}")
        return note.body


class TagTools:
    def __init__(self, store: Store) -> None:
        self.store = store

    def attach(self, app: FastMCP) -> None:
        @app.tool
        def list_tags(prefix: str = "") -> list[str]:
            """List the tags that start with prefix."""
            return [t for t in self.store.tags() if t.startswith(prefix)]
