from fastmcp import FastMCP

from .plugins import PLUGINS

mcp = FastMCP("devhub")

for plugin in PLUGINS:
    for fn in plugin.tools:
        mcp.tool(fn, name=f"{plugin.name}_{fn.__name__}")

if __name__ == "__main__":
    mcp.run()
