from urllib.parse import urljoin

import httpx
from fastmcp.exceptions import ToolError

from .slugs import slugify

DOCS_BASE = "https://docs.example.com/v2/guides/"


class GuideTools:
    def __init__(self, client: httpx.AsyncClient) -> None:
        self.client = client

    async def fetch_guide(self, name: str) -> str:
        """Fetch one guide as markdown.

        Args:
            name: Guide title or slug, e.g. "Getting started".
        """
        slug = slugify(name)
        resp = await self.client.get(urljoin(DOCS_BASE, slug), headers={"Accept": "text/markdown"})
        if resp.status_code == 404:
            raise ToolError(f"no guide named {slug}")
        resp.raise_for_status()
        return resp.text
