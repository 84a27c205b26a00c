import os

import httpx

BASE = os.environ.get("TRACKER_URL", "https://tracker.internal/api")


class TrackerAPI:
    def __init__(self, client: httpx.AsyncClient | None = None):
        self.client = client or httpx.AsyncClient(base_url=BASE, timeout=10)

    async def close_issue(self, issue_id: int, raw_id: str) -> dict:
        resp = await self.client.post(f"/issues/{issue_id}/close")
        resp.raise_for_status()
        return resp.json()
