import re

from fastmcp import FastMCP
from fastmcp.exceptions import NotFoundError, ValidationError

from .store import TicketStore

KEY_RE = re.compile(r"[A-Z]+-\d+")


def register(mcp: FastMCP, store: TicketStore) -> None:
    @mcp.prompt(name="draft_reply")
    async def draft_reply(ticket_id: str, tone: str = "friendly") -> str:
        """Draft a reply to the customer's last message on a ticket."""
        key = ticket_id.strip().upper()
        if not KEY_RE.fullmatch(key):
            raise ValidationError(f"ticket_id must look like SUP-123, got {ticket_id!r}")
        ticket = await store.get(key)
        if ticket is None:
            raise NotFoundError(f"no ticket {key}")
        return f"Write a {tone} reply to this message on '{ticket.subject}':\n\n{ticket.last_message}"
