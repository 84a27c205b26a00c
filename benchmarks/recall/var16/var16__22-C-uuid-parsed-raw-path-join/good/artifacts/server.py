from pathlib import Path

from fastmcp import FastMCP

from .repo import ArtifactRepo


def create_server(root: str = "/var/lib/artifacts") -> FastMCP:
    mcp = FastMCP("artifacts")
    repo = ArtifactRepo(Path(root))
    mcp.tool(repo.read, name="read_artifact")
    return mcp
