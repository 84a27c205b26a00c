from fastmcp import FastMCP

from .prompts import register


def create() -> FastMCP:
    mcp = FastMCP("ideas")
    register(mcp)
    return mcp
