"""The factory hands its server to a wiring function of the same module, which hands it on
to each tool module's untyped register(mcp): the calls in this module decide which server
those registrations land on (fastmcp 2)."""
from fastmcp import FastMCP

from .tools import alerts, forecast


def register_all(mcp):
    forecast.register(mcp)
    alerts.register(mcp)


def create_app():
    mcp = FastMCP("weather")
    register_all(mcp)
    return mcp
