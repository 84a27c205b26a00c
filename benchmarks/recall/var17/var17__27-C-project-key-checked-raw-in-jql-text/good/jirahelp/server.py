from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from . import prompts

REGISTRARS = [prompts.register]


def build() -> FastMCP:
    mcp = FastMCP("jirahelp", middleware=[ErrorHandlingMiddleware()])
    for register in REGISTRARS:
        register(mcp)
    return mcp
