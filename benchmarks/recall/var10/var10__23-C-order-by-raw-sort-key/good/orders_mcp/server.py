from fastmcp import FastMCP

from .tools import register

mcp = FastMCP("orders")
register(mcp)
