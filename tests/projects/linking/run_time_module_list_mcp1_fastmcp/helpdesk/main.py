"""Tool modules named in a local list of (module, label) pairs and imported at run time:
each one's register_tools(server) receives this server (mcp 1.x FastMCP)."""
import importlib

from mcp.server.fastmcp import FastMCP

server = FastMCP("helpdesk")


def load_tools() -> None:
    modules: list[tuple[str, str]] = [
        ("helpdesk.tools.tickets", "tickets"),
        ("helpdesk.tools.agents", "agents"),
    ]
    for dotted, label in modules:
        module = importlib.import_module(dotted)
        module.register_tools(server)
