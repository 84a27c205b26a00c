from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .registry import install

mcp = FastMCP("comms")
mcp.add_middleware(ErrorHandlingMiddleware())
install(mcp)
