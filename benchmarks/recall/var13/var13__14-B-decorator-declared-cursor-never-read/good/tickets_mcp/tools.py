from typing import Any

import httpx
from fastmcp import FastMCP

from .paging import paginated

API = "https://tickets.internal.example/api"


def register(mcp: FastMCP, client: httpx.AsyncClient) -> None:
    @mcp.tool
    @paginated
    async def list_tickets(queue: str, status: str = "open") -> list[dict[str, Any]]:
        resp = await client.get(f"{API}/queues/{queue}/tickets", params={"status": status})
        resp.raise_for_status()
        return resp.json()["tickets"]
