from fastmcp import FastMCP

from .tools import register_tools

mcp = FastMCP("lint")
register_tools(mcp)
