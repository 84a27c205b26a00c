from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .prompts import build_prompt

mcp = FastMCP("billing")
mcp.add_middleware(ErrorHandlingMiddleware())
mcp.add_prompt(build_prompt())
