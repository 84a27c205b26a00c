from fastmcp import FastMCP

from .tools.registry import use_server

mcp = FastMCP("shop")
use_server(mcp)

from .tools import orders  # noqa: E402,F401  (registers on the server set above)

if __name__ == "__main__":
    mcp.run()
