from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .prompts import invoice_prompt

mcp = FastMCP("billing")
mcp.add_middleware(ErrorHandlingMiddleware())
mcp.add_prompt(invoice_prompt())
