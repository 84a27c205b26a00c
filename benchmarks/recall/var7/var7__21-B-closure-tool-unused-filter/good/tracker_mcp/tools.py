from fastmcp import FastMCP

from .client import IssueClient


def register_tools(mcp: FastMCP, client: IssueClient) -> None:
    @mcp.tool
    async def search_issues(
        query: str,
        label: str | None = None,
        limit: int = 20,
    ) -> list[dict]:
        """Search issues in the tracker, optionally restricted to one label."""
        issues = await client.search(query, label=label, limit=limit)
        return [{"id": i["id"], "title": i["title"]} for i in issues]
