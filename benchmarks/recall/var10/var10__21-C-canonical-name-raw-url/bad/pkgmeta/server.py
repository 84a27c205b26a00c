from fastmcp import FastMCP

from .tools import PackageTools

mcp = FastMCP("pkgmeta")
tools = PackageTools()
mcp.tool(tools.latest_version)

if __name__ == "__main__":
    mcp.run()
