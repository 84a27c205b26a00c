import os

from fastmcp import FastMCP

from .github import GitHub
from .tools import RepoTools

mcp = FastMCP("repo-tools")
_tools = RepoTools(GitHub(os.environ.get("GITHUB_TOKEN")))
for _fn in (_tools.open_issues,):
    mcp.tool(_fn)
