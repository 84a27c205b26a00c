import httpx
from mcp.server.mcpserver import MCPServer

from .tools import register_tools
from .tracker import IssueTracker


def create_server() -> MCPServer:
    server = MCPServer("issues")
    tracker = IssueTracker(httpx.AsyncClient(base_url="https://tracker.example.com/api"))
    register_tools(server, tracker)
    return server
