from fastmcp import FastMCP

from .prompts import install

mcp = FastMCP("digest")
install(mcp)

if __name__ == "__main__":
    mcp.run()
