from mcp.server.fastmcp import FastMCP

from .tools import convert_units


class UnitsServer:
    def __init__(self) -> None:
        self.mcp = FastMCP("units")
        self.mcp.add_tool(convert_units, name="convert_units")


server = UnitsServer()
