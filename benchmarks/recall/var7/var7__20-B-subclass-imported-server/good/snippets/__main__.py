from . import prompts  # noqa: F401  (registers the prompts on import)
from .app import mcp

mcp.run()
