from . import forecast  # noqa: F401
from .app import mcp

mcp.run()
