from fastmcp import FastMCP

from .api import TrackerAPI
from .tools import register_tools


def create() -> FastMCP:
    mcp = FastMCP("tracker")
    register_tools(mcp, TrackerAPI())
    return mcp
