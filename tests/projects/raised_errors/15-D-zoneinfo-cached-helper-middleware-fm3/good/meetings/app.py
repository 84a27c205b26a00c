from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .prompts import add_prompts


def make_app() -> FastMCP:
    app = FastMCP("meetings")
    app.add_middleware(ErrorHandlingMiddleware())
    add_prompts(app)
    return app
