import httpx
from fastmcp import FastMCP

from .tools import register

mcp = FastMCP("tickets")
register(mcp, httpx.AsyncClient(timeout=10))
