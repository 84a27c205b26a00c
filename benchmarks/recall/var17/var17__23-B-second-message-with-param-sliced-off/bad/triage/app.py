from mcp.server.mcpserver import MCPServer

from .prompts import setup

app = MCPServer("triage")
setup(app)
