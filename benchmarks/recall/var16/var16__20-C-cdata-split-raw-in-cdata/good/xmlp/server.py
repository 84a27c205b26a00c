from mcp.server.mcpserver import MCPServer

from .prompts import install

server = MCPServer("xml-docs")
install(server)
