from fastmcp import FastMCP

from .checklist import checklist_prompt

mcp = FastMCP("release")
mcp.add_prompt(checklist_prompt())
