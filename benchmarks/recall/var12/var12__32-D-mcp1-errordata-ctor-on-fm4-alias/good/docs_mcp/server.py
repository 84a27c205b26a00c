from fastmcp import FastMCP

from .prompts import register

mcp = FastMCP("docs-writer")
register(mcp)
