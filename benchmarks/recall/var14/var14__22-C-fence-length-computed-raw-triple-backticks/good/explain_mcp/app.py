from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from . import prompts


def make_app() -> FastMCP:
    app = FastMCP("explain")
    app.add_middleware(ErrorHandlingMiddleware())
    for fn in (prompts.explain_snippet,):
        app.prompt(fn)
    return app
