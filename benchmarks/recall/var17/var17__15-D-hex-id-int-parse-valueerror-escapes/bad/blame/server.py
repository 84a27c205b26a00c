from mcp.server.mcpserver import MCPServer

from . import prompts

MODULES = [prompts]


def create_server() -> MCPServer:
    server = MCPServer("blame")
    for module in MODULES:
        module.register(server)
    return server
