import sqlite3

from mcp.server.mcpserver.exceptions import ToolError


def register_supplier_tools(server):
    @server.tool()
    def supplier_name(supplier_id: int) -> str:
        try:
            row = sqlite3.connect("stock.db").execute("SELECT name FROM s WHERE id = ?", (supplier_id,)).fetchone()
        except sqlite3.Error as e:
            raise ToolError(f"Lookup failed: {e}") from e  # ok: an isError result
        return row[0] if row else ""

    @server.prompt()
    def reorder_note(sku: str) -> str:
        return f"Write a reorder note for {sku}"  # ok: nothing fails here
