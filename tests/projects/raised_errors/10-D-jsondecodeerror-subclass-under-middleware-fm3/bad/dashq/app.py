from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .prompts import register_prompts

mcp = FastMCP("dashq")
mcp.add_middleware(ErrorHandlingMiddleware())
register_prompts(mcp)
