from . import admin, pages  # noqa: F401
from .app import mcp

mcp.run()
