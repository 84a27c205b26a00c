from mcp.server.fastmcp import FastMCP

from . import tracker
from .replies import done, failure


def register(mcp: FastMCP) -> None:
    @mcp.tool()
    def close_ticket(ticket_id: int, note: str) -> dict:
        """Close a ticket with a note."""
        if not tracker.close(ticket_id, note):
            raise failure("tracker refused to close the ticket", ticket=ticket_id)
        return done(ticket=ticket_id, state="closed")

    @mcp.tool()
    def assign_ticket(ticket_id: int, user: str) -> dict:
        """Assign a ticket to a user."""
        accepted = tracker.assign(ticket_id, user)
        if not accepted:
            raise failure("assignment rejected", ticket=ticket_id, user=user)
        return done(ticket=ticket_id, assignee=user)
