from . import tools  # noqa: F401
from .server import mcp

mcp.run()
