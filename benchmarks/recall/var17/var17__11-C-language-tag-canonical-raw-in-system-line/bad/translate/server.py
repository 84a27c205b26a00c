from fastmcp import FastMCP

from . import prompts

mcp = FastMCP("translate")
prompts.register(mcp)
