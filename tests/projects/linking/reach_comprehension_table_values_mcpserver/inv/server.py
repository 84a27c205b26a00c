from mcp.server.mcpserver import MCPServer

from .ops import TOOLS

mcp = MCPServer("inventory")
for tool_fn in TOOLS.values():
    mcp.add_tool(tool_fn)
