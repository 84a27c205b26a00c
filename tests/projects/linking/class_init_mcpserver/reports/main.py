"""The server is made in main() and given to a class of another module, whose __init__
registers bound methods on it by call."""
from mcp.server.mcpserver import MCPServer

from .prompts import ReportPrompts


def main() -> None:
    mcp = MCPServer("reports")
    ReportPrompts(mcp, teams={"web", "data"})
    mcp.run()
