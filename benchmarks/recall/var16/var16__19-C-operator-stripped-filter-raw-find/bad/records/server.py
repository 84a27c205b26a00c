from mcp.server.fastmcp import FastMCP

from .tools import register

mcp = FastMCP("records")
register(mcp)
