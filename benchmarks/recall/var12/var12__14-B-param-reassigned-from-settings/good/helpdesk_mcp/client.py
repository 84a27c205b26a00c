from typing import Any

import httpx


class HelpdeskClient:
    def __init__(self, base_url: str) -> None:
        self._http = httpx.AsyncClient(base_url=base_url, timeout=10)

    async def search(self, query: str, *, include_closed: bool, limit: int) -> list[dict[str, Any]]:
        params = {"q": query, "limit": limit, "status": "any" if include_closed else "open"}
        resp = await self._http.get("/tickets/search", params=params)
        resp.raise_for_status()
        return resp.json()["tickets"]
