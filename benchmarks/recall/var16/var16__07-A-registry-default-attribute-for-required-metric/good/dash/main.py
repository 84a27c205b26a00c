from fastmcp import FastMCP

from . import prompt_defs

mcp = FastMCP("dashboards")
for module in (prompt_defs,):
    module.register(mcp)
