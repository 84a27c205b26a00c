from fastmcp import FastMCP
from fastmcp.exceptions import ToolError

from .api import TrackerAPI


def register_tools(mcp: FastMCP, api: TrackerAPI) -> None:
    @mcp.tool(name="close_issue")
    async def close_issue(issue: str) -> str:
        try:
            issue_id = int(issue)
        except ValueError:
            raise ToolError(f"issue must be a number, got {issue!r}") from None
        data = await api.close_issue(issue_id, issue)
        return f"closed #{data.get('id', issue_id)}"
