from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .prompts import register


def create_server() -> FastMCP:
    mcp = FastMCP("cron")
    mcp.add_middleware(ErrorHandlingMiddleware())
    register(mcp)
    return mcp


mcp = create_server()
