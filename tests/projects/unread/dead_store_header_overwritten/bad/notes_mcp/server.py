from mcp.server.mcpserver import MCPServer

from .prompts import register


def make_server() -> MCPServer:
    server = MCPServer("release-notes")
    register(server)
    return server
