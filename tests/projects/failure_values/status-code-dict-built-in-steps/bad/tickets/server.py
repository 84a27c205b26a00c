from fastmcp import FastMCP

from .tools import register

mcp = FastMCP("tickets")
register(mcp)

if __name__ == "__main__":
    mcp.run()
