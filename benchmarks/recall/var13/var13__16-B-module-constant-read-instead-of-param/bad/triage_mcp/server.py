from fastmcp import FastMCP

from .prompts import register_prompts

mcp = FastMCP("triage")
register_prompts(mcp)
