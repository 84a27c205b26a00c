from fastmcp import FastMCP

from .prompts import register

mcp = FastMCP("logs")
register(mcp)
