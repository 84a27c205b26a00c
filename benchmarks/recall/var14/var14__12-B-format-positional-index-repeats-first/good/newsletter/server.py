from mcp.server.mcpserver import MCPServer

from .intro import register_intro


def build_server() -> MCPServer:
    server = MCPServer("newsletter")
    register_intro(server)
    return server
