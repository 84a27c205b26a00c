import httpx
from fastmcp import FastMCP

from .guides import GuideTools


def create_server() -> FastMCP:
    mcp = FastMCP("guides")
    tools = GuideTools(httpx.AsyncClient(timeout=15, follow_redirects=False))
    mcp.tool(tools.fetch_guide)
    return mcp
