from .app import mcp
from . import tools  # noqa: F401

mcp.run()
