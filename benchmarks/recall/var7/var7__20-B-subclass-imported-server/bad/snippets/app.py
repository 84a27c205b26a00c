from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

mcp = FastMCP("snippets")
mcp.add_middleware(ErrorHandlingMiddleware())
