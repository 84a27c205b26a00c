from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from . import prompts


def build() -> FastMCP:
    mcp = FastMCP("pr-review")
    mcp.add_middleware(ErrorHandlingMiddleware())
    for p in prompts.ALL:
        mcp.add_prompt(p)
    return mcp
