import os

from fastmcp import FastMCP

mcp = FastMCP("wiki")


def _hidden(*args, **kwargs):
    return lambda fn: fn


tool = mcp.tool if os.environ.get("WIKI_TOOLS", "on") == "on" else _hidden
EXPOSE_ADMIN = False
admin_tool = mcp.tool if EXPOSE_ADMIN else _hidden
