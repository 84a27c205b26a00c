from mcp.server.fastmcp import FastMCP

from .wiring import register

mcp = FastMCP("mail")
register(mcp)

if __name__ == "__main__":
    mcp.run()
