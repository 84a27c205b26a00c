from fastmcp import FastMCP

from .prompts import WikiPrompts

mcp = FastMCP("wiki")
WikiPrompts(mcp)
