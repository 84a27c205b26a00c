import os
import re
from pathlib import Path

from mcp.server.fastmcp.exceptions import ToolError

NOTES_DIR = Path(os.environ.get("NOTES_DIR", "~/notes")).expanduser().resolve()


def note_path(name: str) -> Path:
    slug = re.sub(r"[^a-z0-9_-]+", "-", name.strip().lower()).strip("-")
    if not slug:
        raise ToolError("note name is empty")
    path = NOTES_DIR / f"{slug}.md"
    if not path.is_file():
        raise ToolError(f"no note named {name!r}")
    return path
