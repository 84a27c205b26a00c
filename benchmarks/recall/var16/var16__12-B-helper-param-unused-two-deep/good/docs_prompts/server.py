from mcp.server.mcpserver import MCPServer

from .register import register


def create() -> MCPServer:
    server = MCPServer("docs")
    register(server)
    return server
