from fastmcp import FastMCP

from .prompts import register


def make_server() -> FastMCP:
    mcp = FastMCP("dashboards")
    register(mcp)
    return mcp


mcp = make_server()
