from mcp.server.fastmcp import FastMCP

from . import tools

mcp = FastMCP("fx")
tools.register(mcp)
