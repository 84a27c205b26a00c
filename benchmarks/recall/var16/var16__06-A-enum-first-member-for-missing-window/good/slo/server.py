from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .prompt_defs import PROMPTS


def make_server() -> FastMCP:
    mcp = FastMCP("slo", middleware=[ErrorHandlingMiddleware()])
    for p in PROMPTS:
        mcp.add_prompt(p)
    return mcp
