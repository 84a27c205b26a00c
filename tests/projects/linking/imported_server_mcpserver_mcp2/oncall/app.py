"""The server is made here; its prompts are registered in prompts.py."""

from mcp.server.mcpserver import MCPServer

mcp = MCPServer("oncall")
