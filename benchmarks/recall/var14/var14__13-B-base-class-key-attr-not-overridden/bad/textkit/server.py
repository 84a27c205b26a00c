from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .library import LIBRARY


def make() -> FastMCP:
    server = FastMCP("textkit")
    server.add_middleware(ErrorHandlingMiddleware())
    for prompt in LIBRARY:
        server.add_prompt(prompt)
    return server
