from mcp.server.mcpserver import MCPServer

from . import prompts

server = MCPServer("reports")
prompts.register(server)
