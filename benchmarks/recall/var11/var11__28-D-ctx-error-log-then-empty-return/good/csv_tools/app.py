from pathlib import Path

from mcp.server.fastmcp import FastMCP

from .tools import register

mcp = FastMCP("csv-tools")
register(mcp, Path("data"))
