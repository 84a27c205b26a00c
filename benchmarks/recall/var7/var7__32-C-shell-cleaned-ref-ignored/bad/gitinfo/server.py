import os
from pathlib import Path

from mcp.server.mcpserver import MCPServer

from .tools import register_git_tools

server = MCPServer("git-info")
register_git_tools(server, Path(os.environ.get("REPO", ".")))
