from mcp.server.mcpserver import MCPServer

from .prompts import install

server = MCPServer("resize")
install(server)
