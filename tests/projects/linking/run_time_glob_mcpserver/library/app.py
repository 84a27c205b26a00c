"""The server, wired by the tools package itself (mcp 2.x MCPServer)."""
from mcp.server.mcpserver import MCPServer

from library.tools import install

server = MCPServer("library")
install(server)
