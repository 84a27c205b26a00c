from fastmcp import FastMCP

from .bucket import Bucket
from .tools import ObjectTools


def create_server() -> FastMCP:
    mcp = FastMCP("objstore")
    tools = ObjectTools(Bucket())
    for method in (tools.copy_object,):
        mcp.tool(method)
    return mcp
