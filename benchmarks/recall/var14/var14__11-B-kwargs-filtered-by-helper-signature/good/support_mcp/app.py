from mcp.server.fastmcp import FastMCP

mcp = FastMCP("support")

from . import replies  # noqa: E402,F401  (registers the prompts on import)
