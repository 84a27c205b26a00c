import httpx
from mcp.server.fastmcp import FastMCP

from .tools import register

mcp = FastMCP("crawler")
register(mcp, httpx.AsyncClient(timeout=5, follow_redirects=True))
