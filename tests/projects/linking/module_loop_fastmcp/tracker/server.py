"""The tool modules are wired in a loop over a literal list of modules, each exposing
register(mcp): the registrations inside them are on this server (fastmcp 2)."""
from fastmcp import FastMCP

from tracker.tools import issues, projects

mcp = FastMCP("tracker")

for module in [issues, projects]:
    module.register(mcp)
