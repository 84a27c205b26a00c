import sqlite3


def register(app):
    @app.tool()
    def account_balance(account_id: int) -> dict:
        try:
            row = sqlite3.connect("ledger.db").execute("SELECT b FROM a WHERE id = ?", (account_id,)).fetchone()
        except sqlite3.Error as exc:
            return {"status": "error", "detail": str(exc)}  # error: MCP204
        return {"balance": row[0] if row else 0}
