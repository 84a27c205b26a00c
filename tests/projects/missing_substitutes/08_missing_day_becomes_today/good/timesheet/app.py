from fastmcp import FastMCP

from .prompts import PROMPTS

mcp = FastMCP("timesheet")
for p in PROMPTS:
    mcp.add_prompt(p)
