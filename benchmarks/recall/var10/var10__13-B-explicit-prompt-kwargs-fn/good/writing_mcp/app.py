from mcp.server.fastmcp import FastMCP

from .register import register_prompts

mcp = FastMCP("writing")
register_prompts(mcp)

if __name__ == "__main__":
    mcp.run()
