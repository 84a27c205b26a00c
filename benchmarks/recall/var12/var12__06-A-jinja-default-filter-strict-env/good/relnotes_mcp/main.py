from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .prompts import PROMPTS


def build() -> FastMCP:
    mcp = FastMCP("relnotes", middleware=[ErrorHandlingMiddleware()])
    for prompt in PROMPTS:
        mcp.add_prompt(prompt)
    return mcp


if __name__ == "__main__":
    build().run()
