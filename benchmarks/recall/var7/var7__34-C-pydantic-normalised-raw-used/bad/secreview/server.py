from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .prompts import secure_review

mcp = FastMCP("sec-review")
mcp.add_middleware(ErrorHandlingMiddleware())
mcp.add_prompt(secure_review)
