import re

import httpx
from fastmcp import FastMCP
from fastmcp.exceptions import ToolError

from .client import GitHubClient

NAME_RE = re.compile(r"[A-Za-z0-9_.-]{1,100}")


def register(mcp: FastMCP, github: GitHubClient) -> None:
    @mcp.tool
    async def repo_summary(owner: str, repo: str) -> dict:
        """Stars, open issues and default branch of a GitHub repository."""
        if not (NAME_RE.fullmatch(owner) and NAME_RE.fullmatch(repo)):
            raise ToolError("owner and repo must be plain GitHub names")
        try:
            data = await github.get_json(f"/repos/{owner}/{repo}")
        except httpx.HTTPStatusError as exc:
            raise ToolError(f"GitHub answered {exc.response.status_code} for {owner}/{repo}") from exc
        return {
            "full_name": data["full_name"],
            "stars": data["stargazers_count"],
            "open_issues": data["open_issues_count"],
            "default_branch": data["default_branch"],
        }
