from . import admin  # noqa: F401
from .server import mcp

mcp.run()
