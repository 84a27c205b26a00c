import sqlite3


def register_order_tools(server, path):
    @server.tool()
    def order_total(order_id: int) -> dict:
        try:
            row = sqlite3.connect(path).execute("SELECT total FROM o WHERE id = ?", (order_id,)).fetchone()
        except sqlite3.Error as exc:
            return {"status": "error", "message": str(exc)}  # error: MCP204
        return {"total": row[0] if row else 0}
