from mcp.server.mcpserver import MCPServer

from . import prompts


def build() -> MCPServer:
    server = MCPServer("planner")
    prompts.register(server)
    return server
