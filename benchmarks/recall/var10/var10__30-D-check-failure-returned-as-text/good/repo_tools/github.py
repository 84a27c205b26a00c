from typing import Any

import httpx


class GitHub:
    def __init__(self, token: str | None = None) -> None:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        self.http = httpx.AsyncClient(base_url="https://api.github.com", headers=headers, timeout=10)

    async def issues(self, repo: str, label: str | None = None) -> list[dict[str, Any]]:
        params = {"state": "open", **({"labels": label} if label else {})}
        resp = await self.http.get(f"/repos/{repo}/issues", params=params)
        resp.raise_for_status()
        return resp.json()
