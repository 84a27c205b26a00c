from mcp.server.fastmcp import FastMCP

from .prompts import register

mcp = FastMCP("lessons")
register(mcp)

if __name__ == "__main__":
    mcp.run()
