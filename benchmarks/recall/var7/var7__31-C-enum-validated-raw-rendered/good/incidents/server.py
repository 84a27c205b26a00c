from mcp.server.mcpserver import MCPServer

from .prompts import register_prompts

server = MCPServer("incidents")
register_prompts(server)
