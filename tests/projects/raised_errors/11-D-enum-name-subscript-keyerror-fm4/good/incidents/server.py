from fastmcp import FastMCP

from .prompts import PROMPTS


def build() -> FastMCP:
    mcp = FastMCP("incidents")
    for prompt in PROMPTS:
        mcp.add_prompt(prompt)
    return mcp
