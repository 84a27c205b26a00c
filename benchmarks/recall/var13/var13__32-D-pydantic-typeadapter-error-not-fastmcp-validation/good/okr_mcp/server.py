from fastmcp import FastMCP

from .prompts import register

mcp = FastMCP("okrs")
register(mcp)
