from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .prompts import REVIEW


def create() -> FastMCP:
    mcp = FastMCP("diffreview", middleware=[ErrorHandlingMiddleware()])
    mcp.add_prompt(REVIEW)
    return mcp


mcp = create()
