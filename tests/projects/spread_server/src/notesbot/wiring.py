from .app import mcp
from .handlers import tag

mcp.prompt(name="tag")(tag)
