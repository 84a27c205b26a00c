from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from . import prompts

mcp = FastMCP("apidoc")
mcp.add_middleware(ErrorHandlingMiddleware())
prompts.register(mcp)
