from mcp.server.mcpserver import MCPServer

from .prompts import UpgradePrompts

app = MCPServer("semver")
UpgradePrompts(app)
