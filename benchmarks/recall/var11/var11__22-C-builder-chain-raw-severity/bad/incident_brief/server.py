from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .prompts import register


def create() -> FastMCP:
    mcp = FastMCP("incident-brief", middleware=[ErrorHandlingMiddleware()])
    register(mcp)
    return mcp
