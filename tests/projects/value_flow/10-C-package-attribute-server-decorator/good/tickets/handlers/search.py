from .. import runtime


@runtime.mcp.tool()
def find_tickets(status: str, limit: int = 20) -> list[tuple]:
    """Find tickets with a status."""
    cur = runtime.db.execute("SELECT id, title FROM tickets WHERE status = ? LIMIT ?", (status, int(limit)))
    return cur.fetchall()


@runtime.mcp.tool()
def ticket_count() -> int:
    """Count all tickets."""
    return runtime.db.execute("SELECT COUNT(*) FROM tickets").fetchone()[0]
