from . import prompts  # noqa: F401  (registers the prompts)
from .app import mcp

mcp.run()
