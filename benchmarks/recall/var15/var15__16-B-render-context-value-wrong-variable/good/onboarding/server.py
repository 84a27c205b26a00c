from fastmcp import FastMCP

from .prompts import register_prompts


def build() -> FastMCP:
    mcp = FastMCP("onboarding")
    register_prompts(mcp)
    return mcp
