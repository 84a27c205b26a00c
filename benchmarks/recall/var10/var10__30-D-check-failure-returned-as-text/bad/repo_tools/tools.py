import re

from fastmcp.exceptions import ToolError

from .github import GitHub

REPO_RE = re.compile(r"[\w.-]+/[\w.-]+")


class RepoTools:
    def __init__(self, gh: GitHub) -> None:
        self.gh = gh

    async def open_issues(self, repo: str, label: str | None = None) -> str:
        """List open issues of a repository (owner/name)."""
        if not REPO_RE.fullmatch(repo):
            return f"Invalid repository name {repo!r}; expected owner/name"
        issues = await self.gh.issues(repo, label=label)

        return "\n".join(f"#{i['number']} {i['title']}" for i in issues) or "No open issues"
