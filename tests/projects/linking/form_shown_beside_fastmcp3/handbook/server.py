from fastmcp import FastMCP

from .prompts import HandbookPrompts

mcp = FastMCP("handbook")
HandbookPrompts(mcp)
