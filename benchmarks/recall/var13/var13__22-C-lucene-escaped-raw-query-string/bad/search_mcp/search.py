from typing import Any

import httpx
from fastmcp.exceptions import ToolError

from .lucene import escape_term


class ArticleSearch:
    def __init__(self, base_url: str, index: str = "articles") -> None:
        self.client = httpx.AsyncClient(base_url=base_url, timeout=10)
        self.index = index

    async def search(self, term: str, size: int = 10) -> list[dict[str, Any]]:
        literal = escape_term(term)
        body = {
            "size": size,
            "query": {"query_string": {"query": f"title:({term}) AND status:published", "default_operator": "AND"}},
        }
        resp = await self.client.post(f"/{self.index}/_search", json=body)
        if resp.status_code >= 400:
            raise ToolError(f"search failed: {resp.status_code}")
        return [hit["_source"] for hit in resp.json()["hits"]["hits"]]
