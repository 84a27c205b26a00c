from fastmcp import FastMCP

from .tools import register

mcp = FastMCP("wiki")
register(mcp)
