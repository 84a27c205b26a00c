from fastmcp import FastMCP

from .prompts import register

mcp = FastMCP("doc-review")
register(mcp)

if __name__ == "__main__":
    mcp.run()
