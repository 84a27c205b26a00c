from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .prompts import incident_page

mcp = FastMCP("incidents")
mcp.add_middleware(ErrorHandlingMiddleware())
mcp.add_prompt(incident_page())
