from fastmcp import FastMCP

from .tools import register

mcp = FastMCP("http-probe")
register(mcp)
