from fastmcp import FastMCP

from .prompts import register_prompts


def create() -> FastMCP:
    mcp = FastMCP("incidents")
    register_prompts(mcp)
    return mcp


def main() -> None:
    create().run()
