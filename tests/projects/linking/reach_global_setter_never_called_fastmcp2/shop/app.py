from fastmcp import FastMCP

mcp = FastMCP("shop")

from .tools import orders  # noqa: E402,F401

if __name__ == "__main__":
    mcp.run()
