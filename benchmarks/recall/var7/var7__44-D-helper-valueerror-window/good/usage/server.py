from mcp.server.mcpserver import MCPServer

from .prompts import ReportPrompts

server = MCPServer("usage")
ReportPrompts("Acme Cloud").install(server)
