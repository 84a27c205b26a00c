from mcp.server.mcpserver import MCPServer

from .prompts import register

server = MCPServer("runbooks")
register(server)
