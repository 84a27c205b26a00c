from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .prompts import ALL


def make_server() -> FastMCP:
    mcp = FastMCP("okr")
    mcp.add_middleware(ErrorHandlingMiddleware())
    for prompt in ALL:
        mcp.add_prompt(prompt)
    return mcp
