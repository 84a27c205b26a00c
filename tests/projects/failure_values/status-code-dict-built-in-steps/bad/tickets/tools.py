from fastmcp import FastMCP
from fastmcp.exceptions import ToolError

from .client import session


def register(mcp: FastMCP) -> None:
    @mcp.tool()
    async def close_ticket(ticket_id: int, comment: str = "") -> dict:
        """Close a helpdesk ticket."""
        async with session() as http:
            resp = await http.post(f"/tickets/{ticket_id}/close", json={"comment": comment})
        outcome: dict = {"ticket": ticket_id}
        if resp.status_code >= 400:
            outcome["closed"] = False
            outcome["message"] = resp.text
            return outcome
        outcome["closed"] = True
        outcome["state"] = resp.json().get("state")
        return outcome
