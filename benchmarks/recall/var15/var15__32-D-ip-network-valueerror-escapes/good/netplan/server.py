from fastmcp import FastMCP

from . import prompts

mcp = FastMCP("netplan")
for module in (prompts,):
    module.register(mcp)
