from mcp.server.mcpserver import MCPServer

from .prompts import register

app = MCPServer("tickets")
register(app)
