from mcp.server.mcpserver import MCPServer

from .prompts import register_prompts

server = MCPServer("notes")
register_prompts(server)
