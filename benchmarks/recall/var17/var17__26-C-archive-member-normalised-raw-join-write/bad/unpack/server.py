from fastmcp import FastMCP

from .tools import UnpackTools

mcp = FastMCP("unpack")
UnpackTools().install(mcp)
