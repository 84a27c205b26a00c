from fastmcp import FastMCP

from .tools import DeployTools

mcp = FastMCP("deployer")
DeployTools(mcp)
