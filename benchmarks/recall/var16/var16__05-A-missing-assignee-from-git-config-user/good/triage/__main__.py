from .app import mcp
from .prompts import register

register()
mcp.run()
