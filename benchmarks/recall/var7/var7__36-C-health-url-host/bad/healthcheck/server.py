from fastmcp import FastMCP

from .settings import Settings
from .tools import register

mcp = FastMCP("healthcheck")
register(mcp, Settings())
