from fastmcp import FastMCP

from .tools import register_tools


def create_server() -> FastMCP:
    server = FastMCP("mirror")
    register_tools(server)
    return server
