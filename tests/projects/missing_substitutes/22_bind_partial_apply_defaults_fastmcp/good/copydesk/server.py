from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .prompts import install

mcp = FastMCP("copydesk")
mcp.add_middleware(ErrorHandlingMiddleware())
install(mcp)
