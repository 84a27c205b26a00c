from typing import Any

import httpx


class GraphQLClient:
    def __init__(self, token: str) -> None:
        self.token = token

    async def run(self, query: str) -> dict[str, Any]:
        async with httpx.AsyncClient(base_url="https://api.github.com") as http:
            response = await http.post("/graphql", json={"query": query}, headers={"Authorization": f"Bearer {self.token}"})
            response.raise_for_status()
            return response.json()["data"]
