import os
from pathlib import Path

from mcp.server.fastmcp import FastMCP

from .deps import PomReader

mcp = FastMCP("pomtool")
POM = Path(os.environ.get("POM_PATH", "pom.xml"))


@mcp.tool()
def artifact_versions(artifact: str) -> str:
    versions = PomReader(POM).dependency_versions(artifact)
    if not versions:
        raise ValueError(f"{artifact} is not a dependency")
    return ", ".join(versions)
