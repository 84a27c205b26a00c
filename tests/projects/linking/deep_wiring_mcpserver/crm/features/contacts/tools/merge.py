import sqlite3

from mcp.server.mcpserver.exceptions import ToolError


def install_tools(app):
    @app.tool()
    def merge_contacts(keep_id: int, drop_id: int) -> str:
        try:
            sqlite3.connect("crm.db").execute("UPDATE c SET m = ? WHERE id = ?", (keep_id, drop_id))
        except sqlite3.Error as exc:
            raise ToolError(f"Merge failed: {exc}") from exc  # ok: an isError result
        return "merged"
