from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .prompts import prompts


def build() -> FastMCP:
    mcp = FastMCP("regions")
    mcp.add_middleware(ErrorHandlingMiddleware())
    for prompt in prompts():
        mcp.add_prompt(prompt)
    return mcp
