"""A project subclass of the SDK's FastMCP registers its tools on itself in __init__."""
from mcp.server.fastmcp import FastMCP

from .tools import register_stock_tools


class WarehouseServer(FastMCP):
    def __init__(self, **settings) -> None:
        super().__init__("warehouse", **settings)
        register_stock_tools(self, ("count", "move"))
