from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .prompts import PROMPT_FUNCS

mcp = FastMCP("budget")
mcp.add_middleware(ErrorHandlingMiddleware())
for fn in PROMPT_FUNCS:
    mcp.prompt(fn)
