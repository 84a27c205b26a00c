from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from . import prompts


def make_server() -> FastMCP:
    server = FastMCP("pricing", middleware=[ErrorHandlingMiddleware()])
    for module in (prompts,):
        module.register(server)
    return server
