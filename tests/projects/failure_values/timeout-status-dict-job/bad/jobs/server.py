from fastmcp import FastMCP

from .tools import register_job_tools

mcp = FastMCP("jobs")
register_job_tools(mcp)
