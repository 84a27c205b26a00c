from fastmcp import FastMCP

from .prompts import register_prompts

mcp = FastMCP("review")
register_prompts(mcp)
