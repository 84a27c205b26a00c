"""The FastMCP server is made here and imported by the modules that register on it."""
from fastmcp import FastMCP

mcp = FastMCP("notes")
