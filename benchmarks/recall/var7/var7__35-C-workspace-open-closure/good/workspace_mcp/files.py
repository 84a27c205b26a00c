from pathlib import Path

from fastmcp import FastMCP
from fastmcp.exceptions import ToolError


def register_tools(mcp: FastMCP, workspace: Path) -> None:
    @mcp.tool
    def read_file(relative_path: str, max_bytes: int = 65536) -> str:
        """Read a file from the workspace."""
        target = (workspace / relative_path).resolve()
        if not target.is_relative_to(workspace) or not target.is_file():
            raise ToolError(f"no such file: {relative_path}")
        with target.open("rb") as fh:
            return fh.read(max_bytes).decode("utf-8", errors="replace")
