from mcp.server.fastmcp import FastMCP

from .sync import Syncer

mcp = FastMCP("mirror")
syncer = Syncer("/srv/mirrors")
mcp.tool()(syncer.sync_repo)
