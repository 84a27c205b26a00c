from mcp.server.fastmcp import FastMCP

from . import jobs  # noqa: F401  (fills EXPOSED)
from .registry import EXPOSED

mcp = FastMCP("jobq")

for fn in EXPOSED:
    mcp.tool()(fn)

if __name__ == "__main__":
    mcp.run()
