from mcp.server.fastmcp import FastMCP

from .tools import register

mcp = FastMCP("logsearch")
register(mcp)
