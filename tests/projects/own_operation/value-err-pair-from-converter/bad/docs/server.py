from fastmcp import FastMCP

from .tools import to_format

mcp = FastMCP("docs")
mcp.tool(to_format)
