"""A decorator written in a module of its own, on the server it imports."""

from shop.app import mcp


def catalog_tool(func):
    mcp.add_tool(func)
    return func
