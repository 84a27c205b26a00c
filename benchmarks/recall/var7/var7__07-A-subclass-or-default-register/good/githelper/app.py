from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .prompts import register_prompts

mcp = FastMCP("git-helper")
mcp.add_middleware(ErrorHandlingMiddleware())
register_prompts(mcp)

if __name__ == "__main__":
    mcp.run()
