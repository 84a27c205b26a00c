import httpx
from fastmcp import FastMCP
from fastmcp.exceptions import ToolError


class PageTools:
    def __init__(self, base_url: str):
        self.http = httpx.AsyncClient(base_url=base_url, timeout=15)

    async def publish_page(self, slug: str) -> str:
        """Publish a draft page."""
        resp = await self.http.put(f"/pages/{slug}/publish")
        if not resp.is_success:
            raise ToolError(f"publish of {slug} refused ({resp.status_code}): {resp.text}")
        return f"published {slug}"

    def attach(self, mcp: FastMCP) -> None:
        mcp.tool(self.publish_page)
