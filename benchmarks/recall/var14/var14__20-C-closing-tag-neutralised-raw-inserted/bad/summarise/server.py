from mcp.server.mcpserver import MCPServer

from .prompts import SummaryPrompts


def create() -> MCPServer:
    server = MCPServer("summarise")
    SummaryPrompts(server)
    return server
