from fastmcp import FastMCP

from .tools import register_tools

server = FastMCP("ci")
register_tools(server)
