from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

mcp = FastMCP("triage")
mcp.add_middleware(ErrorHandlingMiddleware())
