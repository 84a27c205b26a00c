"""Makes the server and hands it to the prompt module."""

from fastmcp import FastMCP

from rota.prompts import register_prompts

mcp = FastMCP("rota")
register_prompts(mcp)
