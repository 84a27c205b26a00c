from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .templates import issue_body


def setup(mcp: FastMCP) -> None:
    mcp.prompt(name="issue_body")(issue_body)


def create_server() -> FastMCP:
    mcp = FastMCP("issuebot")
    mcp.add_middleware(ErrorHandlingMiddleware())
    setup(mcp)
    return mcp
