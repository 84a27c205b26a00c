"""The server is made here; its prompts are registered in prompts.py."""

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("oncall")  # ok: this module registers no prompt that raises
