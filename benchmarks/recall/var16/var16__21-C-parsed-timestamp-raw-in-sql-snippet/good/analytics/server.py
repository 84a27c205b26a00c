from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .prompts import PROMPTS


def build() -> FastMCP:
    mcp = FastMCP("analytics")
    mcp.add_middleware(ErrorHandlingMiddleware())
    for prompt in PROMPTS:
        mcp.add_prompt(prompt)
    return mcp
