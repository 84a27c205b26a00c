from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .prompts import register_prompts


def create_app() -> FastMCP:
    app = FastMCP("sprint-planner", middleware=[ErrorHandlingMiddleware()])
    register_prompts(app)
    return app
