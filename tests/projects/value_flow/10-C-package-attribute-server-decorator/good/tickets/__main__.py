from .handlers import search  # noqa: F401
from .runtime import mcp

mcp.run()
