import os
from pathlib import Path

from fastmcp import FastMCP

from .storage import ExportStore

mcp = FastMCP("exporter")
store = ExportStore(Path(os.environ.get("EXPORT_ROOT", "exports")))


@mcp.tool
def export_note(path: str, content: str) -> str:
    """Write a note under the export folder."""
    written = store.save(path, content)
    return f"wrote {written}"
