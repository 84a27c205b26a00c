from mcp.server.mcpserver import MCPServer

server = MCPServer("playbooks")

from .prompts import incident  # noqa: E402,F401
