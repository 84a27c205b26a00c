import os

from fastmcp import FastMCP

from .client import GitHubClient
from .tools import register

mcp = FastMCP("gh-repo")
register(mcp, GitHubClient(os.environ.get("GITHUB_TOKEN")))
