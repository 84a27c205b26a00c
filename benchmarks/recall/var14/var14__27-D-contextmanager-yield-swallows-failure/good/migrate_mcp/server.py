from mcp.server.fastmcp import FastMCP

mcp = FastMCP("migrations")

from .tools import migrations  # noqa: E402,F401
