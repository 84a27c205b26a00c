from mcp.server.mcpserver import MCPServer

from .prompts import register

mcp = MCPServer("okr")
register(mcp)
