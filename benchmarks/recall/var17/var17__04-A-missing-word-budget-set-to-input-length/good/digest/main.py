from fastmcp import FastMCP

from .prompts import PROMPTS

mcp = FastMCP("digest")
for p in PROMPTS:
    mcp.add_prompt(p)


if __name__ == "__main__":
    mcp.run()
