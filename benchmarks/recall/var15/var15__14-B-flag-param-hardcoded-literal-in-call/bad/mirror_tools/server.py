import os

from fastmcp import FastMCP

from .client import RsyncClient
from .tools import MirrorTools


def create_server() -> FastMCP:
    mcp = FastMCP("mirror")
    MirrorTools(RsyncClient(os.environ.get("MIRROR_DEST", "/srv/mirror"))).register(mcp)
    return mcp
