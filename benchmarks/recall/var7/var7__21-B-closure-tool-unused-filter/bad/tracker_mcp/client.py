import httpx


class IssueClient:
    def __init__(self, base_url: str, token: str) -> None:
        self._http = httpx.AsyncClient(base_url=base_url, headers={"Authorization": f"Bearer {token}"})

    async def search(self, query: str, label: str | None = None, limit: int = 20) -> list[dict]:
        params = {"q": query, "per_page": limit}
        if label:
            params["labels"] = label
        resp = await self._http.get("/issues", params=params)
        resp.raise_for_status()
        return resp.json()
