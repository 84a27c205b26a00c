from fastmcp import FastMCP

from .tools import all_tools


def create_server() -> FastMCP:
    mcp = FastMCP("deploy")
    for tool in all_tools():
        mcp.add_tool(tool)
    return mcp
