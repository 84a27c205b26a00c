from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from . import prompts


def make_app() -> FastMCP:
    mcp = FastMCP("review-bot")
    mcp.add_middleware(ErrorHandlingMiddleware())
    for module in (prompts,):
        module.register(mcp)
    return mcp
