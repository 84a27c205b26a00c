from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .factory import TASKS, make_prompt


def build() -> FastMCP:
    mcp = FastMCP("codehelp", middleware=[ErrorHandlingMiddleware()])
    for spec in TASKS:
        mcp.prompt(name=spec.name, description=spec.description)(make_prompt(spec))
    return mcp


mcp = build()
