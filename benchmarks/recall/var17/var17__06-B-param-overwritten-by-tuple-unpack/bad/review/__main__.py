from .app import mcp
from . import prompts  # noqa: F401  registers the prompts

mcp.run()
