from mcp.server.fastmcp import FastMCP

from .tools import register

mcp = FastMCP("desk")
register(mcp)

if __name__ == "__main__":
    mcp.run()
