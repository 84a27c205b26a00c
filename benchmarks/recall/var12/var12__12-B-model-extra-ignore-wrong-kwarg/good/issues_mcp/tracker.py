from typing import Any

import httpx

from .models import IssueFilter


class IssueTracker:
    def __init__(self, client: httpx.AsyncClient) -> None:
        self.client = client

    async def search(self, flt: IssueFilter) -> list[dict[str, Any]]:
        params: dict[str, Any] = {"q": flt.query, "state": flt.state, "per_page": flt.limit}
        if flt.labels:
            params["labels"] = ",".join(flt.labels)
        resp = await self.client.get("/issues", params=params)
        resp.raise_for_status()
        return resp.json()
