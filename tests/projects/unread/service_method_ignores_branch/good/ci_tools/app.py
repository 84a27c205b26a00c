from fastmcp import FastMCP

from .tools import attach

mcp = FastMCP("ci")
attach(mcp)
