from fastmcp import FastMCP

from .prompts import attach


def create() -> FastMCP:
    mcp = FastMCP("shell-explainer")
    attach(mcp)
    return mcp
