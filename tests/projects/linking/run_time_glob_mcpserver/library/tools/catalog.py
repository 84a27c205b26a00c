import sqlite3

from mcp.server.mcpserver.exceptions import ToolError


def setup(server):
    @server.tool()
    def title_of(book_id: int) -> str:
        try:
            row = sqlite3.connect("lib.db").execute("SELECT t FROM b WHERE id = ?", (book_id,)).fetchone()
        except sqlite3.Error as exc:
            raise ToolError(f"Catalog unavailable: {exc}") from exc  # ok: an isError result
        return row[0] if row else ""
