import os
from datetime import datetime

import httpx


class CalendarClient:
    def __init__(self, base_url: str, token: str) -> None:
        self._http = httpx.AsyncClient(base_url=base_url, headers={"Authorization": f"Bearer {token}"})

    @classmethod
    def from_env(cls) -> "CalendarClient":
        return cls(os.environ["CALENDAR_URL"], os.environ["CALENDAR_TOKEN"])

    async def create_event(self, *, title: str, start: datetime, end: datetime) -> str:
        resp = await self._http.post("/events", json={"title": title, "start": start.isoformat(), "end": end.isoformat()})
        resp.raise_for_status()
        return resp.json()["id"]
