from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .prompts import FORECAST


def create_app() -> FastMCP:
    app = FastMCP("capacity")
    app.add_middleware(ErrorHandlingMiddleware())
    app.add_prompt(FORECAST)
    return app
