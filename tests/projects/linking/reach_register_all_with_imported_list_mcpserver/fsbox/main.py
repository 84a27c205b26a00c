from mcp.server.mcpserver import MCPServer

from .ops import ALL_TOOLS
from .wiring import register_all

mcp = MCPServer("fsbox")
register_all(mcp, ALL_TOOLS)

if __name__ == "__main__":
    mcp.run()
