from .register import mcp

mcp.run()
