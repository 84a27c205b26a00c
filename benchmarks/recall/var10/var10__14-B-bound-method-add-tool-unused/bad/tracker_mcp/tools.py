from mcp.server.mcpserver.exceptions import ToolError

from .client import IssueClient


class IssueTools:
    def __init__(self, client: IssueClient) -> None:
        self.client = client

    async def search_issues(
        self,
        query: str,
        include_closed: bool = False,
        limit: int = 20,
    ) -> list[dict[str, str]]:
        """Search issues by title."""
        states = ("open",)
        found = await self.client.search(query, states=states)
        return [{"key": i.key, "title": i.title, "state": i.state} for i in found[:limit]]

    async def get_issue(self, key: str) -> dict[str, str]:
        """Fetch one issue by key."""
        issue = await self.client.get(key.upper())
        if issue is None:
            raise ToolError(f"No issue {key}")
        return {"key": issue.key, "title": issue.title, "state": issue.state}
