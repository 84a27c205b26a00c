from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .prompts import BRIEF_ARGS, BriefPrompt


def create_app() -> FastMCP:
    app = FastMCP("briefs")
    app.add_middleware(ErrorHandlingMiddleware())
    app.add_prompt(BriefPrompt(name="product_brief", description="Draft a product brief", arguments=BRIEF_ARGS))
    return app


app = create_app()
