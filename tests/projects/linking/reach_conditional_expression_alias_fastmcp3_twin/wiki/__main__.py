from . import pages  # noqa: F401
from .app import mcp

mcp.run()
