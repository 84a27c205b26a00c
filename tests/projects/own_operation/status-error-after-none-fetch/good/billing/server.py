from fastmcp import FastMCP

from .tools import register

mcp = FastMCP("billing")
register(mcp)
