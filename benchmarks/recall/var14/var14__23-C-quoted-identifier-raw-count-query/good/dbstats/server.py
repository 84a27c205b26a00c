from fastmcp import FastMCP

from . import stats

server = FastMCP("dbstats")
server.tool(stats.row_count)
