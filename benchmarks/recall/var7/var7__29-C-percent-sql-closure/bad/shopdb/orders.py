import sqlite3
from contextlib import closing

from mcp.server.fastmcp import FastMCP


def register(mcp: FastMCP, db_path: str) -> None:
    @mcp.tool()
    def orders_for_customer(email: str, limit: int = 20) -> list[dict]:
        """Orders placed by a customer, newest first."""
        with closing(sqlite3.connect(db_path)) as conn:
            conn.row_factory = sqlite3.Row
            sql = "SELECT id, total, placed_at FROM orders WHERE email = '%s' ORDER BY placed_at DESC LIMIT %d"
            rows = conn.execute(sql % (email, limit)).fetchall()
        return [dict(r) for r in rows]
