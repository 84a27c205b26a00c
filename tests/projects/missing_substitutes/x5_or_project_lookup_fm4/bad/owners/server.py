from fastmcp import FastMCP

from .prompts import register

mcp = FastMCP("owners")
register(mcp)
