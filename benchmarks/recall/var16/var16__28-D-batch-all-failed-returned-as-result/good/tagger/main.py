from . import tools  # noqa: F401
from .app import mcp

mcp.run()
