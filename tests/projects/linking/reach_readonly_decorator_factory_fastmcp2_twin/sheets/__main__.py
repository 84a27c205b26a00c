from . import tools  # noqa: F401  (registers the tools)
from .server import mcp

mcp.run()
