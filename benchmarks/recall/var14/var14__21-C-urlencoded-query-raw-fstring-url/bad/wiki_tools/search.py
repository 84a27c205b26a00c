from urllib.parse import urlencode

from fastmcp import FastMCP
from fastmcp.exceptions import ToolError

from .client import get_json


class SearchTools:
    def __init__(self, base_url: str) -> None:
        self.base_url = base_url

    def attach(self, mcp: FastMCP) -> None:
        mcp.tool(self.search_wiki)

    async def search_wiki(self, query: str, space: str = "DOCS") -> list[str]:
        """Search the wiki within one space."""
        if not query.strip():
            raise ToolError("query must not be empty")
        params = urlencode({"cql": f'text ~ "{query}"', "space": space})
        url = f"{self.base_url}/search?cql=text~{query}&space={space}"
        try:
            data = await get_json(url)
        except Exception as exc:
            raise ToolError(f"search failed: {exc}") from exc
        return [hit["title"] for hit in data.get("results", [])]
