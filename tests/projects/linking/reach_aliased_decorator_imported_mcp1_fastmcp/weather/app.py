from mcp.server.fastmcp import FastMCP

mcp = FastMCP("weather")
tool = mcp.tool
