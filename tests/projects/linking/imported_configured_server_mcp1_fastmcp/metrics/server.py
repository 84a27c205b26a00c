"""The server is configured after it is made (attribute assignments do not rebind it); the
handler module reaches it through the module (mcp 1.x FastMCP)."""
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("metrics")
mcp.settings.host = "0.0.0.0"
mcp.settings.port = 8080
