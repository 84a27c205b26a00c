from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .prompts import register_prompts


def build() -> FastMCP:
    server = FastMCP("notes")
    server.add_middleware(ErrorHandlingMiddleware())
    register_prompts(server)
    return server
