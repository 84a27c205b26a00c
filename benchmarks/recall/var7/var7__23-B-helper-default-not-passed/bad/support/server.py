from fastmcp import FastMCP

mcp = FastMCP("support")
