from pathlib import Path

from mcp.server.mcpserver import MCPServer

from .gitops import clean_ref, run_git


def register_git_tools(server: MCPServer, repo: Path) -> None:
    @server.tool()
    async def recent_commits(branch: str, count: int = 10) -> str:
        """One-line log of the last commits on a branch."""
        ref = clean_ref(branch)
        return await run_git(repo, f"log --oneline -n {int(count)} {ref}")
