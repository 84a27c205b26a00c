from mcp.server.mcpserver import MCPServer

from .prompts import register

server = MCPServer("changelog")
register(server)
