from .prompts import explain  # noqa: F401
from .server import mcp

mcp.run()
