from typing import Any

import httpx


class GitHubClient:
    def __init__(self, token: str | None = None) -> None:
        headers = {"Accept": "application/vnd.github+json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        self.headers = headers

    async def get_json(self, path: str) -> dict[str, Any]:
        async with httpx.AsyncClient(base_url="https://api.github.com", headers=self.headers) as http:
            response = await http.get(path)
            response.raise_for_status()
            return response.json()
