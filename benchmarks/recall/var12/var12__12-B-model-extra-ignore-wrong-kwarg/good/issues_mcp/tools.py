from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from .models import IssueFilter
from .tracker import IssueTracker


def register_tools(server: MCPServer, tracker: IssueTracker) -> None:
    @server.tool()
    async def search_issues(query: str, tags: list[str] | None = None, state: str = "open") -> list[dict[str, Any]]:
        """Search issues. tags keeps only issues that carry all of the given labels."""
        if state not in ("open", "closed", "all"):
            raise ToolError("state must be open, closed or all")
        flt = IssueFilter(query=query, state=state, labels=tags or [])
        return await tracker.search(flt)
