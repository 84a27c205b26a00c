import sqlite3


def setup(server):
    @server.tool()
    def loan_count(member_id: int) -> dict:
        try:
            row = sqlite3.connect("lib.db").execute("SELECT count(*) FROM l WHERE m = ?", (member_id,)).fetchone()
        except sqlite3.Error as exc:
            return {"status": "error", "message": str(exc)}  # error: MCP204
        return {"loans": row[0]}
