from fastmcp import FastMCP

from .prompts import StatusUpdate


def build() -> FastMCP:
    mcp = FastMCP("chatops")
    StatusUpdate(mcp)
    return mcp
