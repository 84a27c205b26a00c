from mcp.server.mcpserver import MCPServer

from .prompts import register


def create_server() -> MCPServer:
    server = MCPServer("slo")
    register(server)
    return server
