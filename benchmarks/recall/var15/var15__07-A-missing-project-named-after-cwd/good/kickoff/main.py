from fastmcp import FastMCP

from .prompts import register_prompts

mcp = FastMCP("kickoff")
register_prompts(mcp)

if __name__ == "__main__":
    mcp.run()
