import asyncio

import httpx
from mcp.server.fastmcp import FastMCP
from mcp.server.fastmcp.exceptions import ToolError

from .crawler import crawl


def register(mcp: FastMCP, client: httpx.AsyncClient) -> None:
    @mcp.tool()
    async def find_broken_links(urls: list[str], timeout_s: float = 30.0) -> str:
        """Report which of the given URLs answer 404."""
        broken: list[str] = []
        try:
            async with asyncio.timeout(timeout_s):
                await crawl(client, urls, broken)
        except TimeoutError:
            return f"Timed out after {timeout_s}s. Broken so far: {', '.join(broken) or 'none'}"
        return ", ".join(broken) or "no broken links"
