from mcp.server.mcpserver import MCPServer

from .prompts import register_prompts

server = MCPServer("faq")
register_prompts(server)
