from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .prompts import register

mcp = FastMCP("pr-descriptions")
mcp.add_middleware(ErrorHandlingMiddleware())
register(mcp)
