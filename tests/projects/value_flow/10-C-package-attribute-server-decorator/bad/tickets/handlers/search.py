from .. import runtime


@runtime.mcp.tool()
def find_tickets(status: str, limit: int = 20) -> list[tuple]:
    """Find tickets with a status."""
    cur = runtime.db.execute(f"SELECT id, title FROM tickets WHERE status = '{status}' LIMIT {int(limit)}")
    return cur.fetchall()


@runtime.mcp.tool()
def ticket_count() -> int:
    """Count all tickets."""
    return runtime.db.execute("SELECT COUNT(*) FROM tickets").fetchone()[0]
