from fastmcp import FastMCP

from .prompts import register

mcp = FastMCP("review")
register(mcp)

if __name__ == "__main__":
    mcp.run()
