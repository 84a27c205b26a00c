from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .prompts import QUERY_ARGS, WriteQueryPrompt


def create_server() -> FastMCP:
    mcp = FastMCP("sql-tutor")
    mcp.add_middleware(ErrorHandlingMiddleware())
    mcp.add_prompt(WriteQueryPrompt(name="write_query", description="Help write one SQL query", arguments=QUERY_ARGS))
    return mcp


mcp = create_server()
