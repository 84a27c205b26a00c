from mcp.server.fastmcp import FastMCP

from .prompts import register

mcp = FastMCP("handbook")
register(mcp)
