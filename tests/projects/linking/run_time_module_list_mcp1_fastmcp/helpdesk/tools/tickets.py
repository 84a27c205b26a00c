import sqlite3


def register_tools(server):
    @server.tool()
    def ticket_status(ticket_id: int) -> dict:
        try:
            row = sqlite3.connect("desk.db").execute("SELECT s FROM t WHERE id = ?", (ticket_id,)).fetchone()
        except sqlite3.Error as exc:
            return {"error": str(exc)}  # error: MCP204
        return {"status": row[0] if row else "unknown"}
