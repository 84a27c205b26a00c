from mcp.server.mcpserver import MCPServer

from .prompts import register_prompts


def make() -> MCPServer:
    server = MCPServer("logsift")
    register_prompts(server)
    return server
