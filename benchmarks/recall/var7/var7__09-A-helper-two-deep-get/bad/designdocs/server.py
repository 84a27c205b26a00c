from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .prompts import DESIGN_BRIEF

mcp = FastMCP("design-docs", middleware=[ErrorHandlingMiddleware()])
mcp.add_prompt(DESIGN_BRIEF)
