from mcp.server.mcpserver import MCPServer

from .prompts import register_prompts

server = MCPServer("research")
register_prompts(server)
