from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .notes import register

mcp = FastMCP("relnotes", middleware=[ErrorHandlingMiddleware()])
register(mcp)
