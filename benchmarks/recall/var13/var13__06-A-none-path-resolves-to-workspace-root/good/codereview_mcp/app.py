from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .prompts import ARGS, ModuleReviewPrompt


def create_app() -> FastMCP:
    mcp = FastMCP("code-review", middleware=[ErrorHandlingMiddleware()])
    mcp.add_prompt(ModuleReviewPrompt(name="module_review", description="Review one module", arguments=ARGS))
    return mcp
