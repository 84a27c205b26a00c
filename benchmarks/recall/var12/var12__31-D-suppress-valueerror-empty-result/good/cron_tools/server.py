from fastmcp import FastMCP

from .tools import add_cron_tools

mcp = FastMCP("cron-tools")
add_cron_tools(mcp)
