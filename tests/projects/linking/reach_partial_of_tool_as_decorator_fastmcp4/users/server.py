from functools import partial

from fastmcp import FastMCP

mcp = FastMCP("users")
admin_tool = partial(mcp.tool, tags={"admin"})
