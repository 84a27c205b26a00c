from typing import Any

from fastmcp import FastMCP
from fastmcp.exceptions import ToolError

from .client import HelpdeskClient
from .settings import SETTINGS


def register(mcp: FastMCP, client: HelpdeskClient) -> None:
    @mcp.tool
    async def search_tickets(
        query: str,
        include_closed: bool = False,
        limit: int = 10,
    ) -> list[dict[str, Any]]:
        """Search helpdesk tickets.

        Args:
            query: Words to search for.
            include_closed: Also return closed tickets.
            limit: Maximum number of tickets (1-100).
        """
        include_closed = SETTINGS.include_closed_by_default
        if not 1 <= limit <= 100:
            raise ToolError("limit must be between 1 and 100")
        return await client.search(query, include_closed=include_closed, limit=limit)
