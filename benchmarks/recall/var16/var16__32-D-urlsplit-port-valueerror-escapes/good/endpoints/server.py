from fastmcp import FastMCP

from .prompts import EndpointPrompts

mcp = FastMCP("endpoints")
EndpointPrompts(mcp)
