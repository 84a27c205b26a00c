from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .prompts import ALL_PROMPTS


def create_app() -> FastMCP:
    app = FastMCP("approvals")
    app.add_middleware(ErrorHandlingMiddleware())
    for prompt in ALL_PROMPTS:
        app.add_prompt(prompt)
    return app
