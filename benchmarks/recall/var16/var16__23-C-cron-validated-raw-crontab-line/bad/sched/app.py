from fastmcp import FastMCP

from .prompts import register

mcp = FastMCP("scheduler")
register(mcp)
