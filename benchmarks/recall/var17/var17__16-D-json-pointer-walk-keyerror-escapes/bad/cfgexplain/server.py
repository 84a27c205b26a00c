from fastmcp import FastMCP

from .prompts import ConfigPrompts


def make() -> FastMCP:
    mcp = FastMCP("cfgexplain")
    ConfigPrompts(mcp)
    return mcp
