import os
from pathlib import Path

from mcp import types

BASE = Path(os.environ.get("NOTES_ROOT", "~/notes")).expanduser().resolve()

LIST_DIR = types.Tool(
    name="list_dir",
    description="List notes below a folder of the notes root",
    inputSchema={
        "type": "object",
        "properties": {
            "path": {"type": "string", "description": "Folder relative to the notes root"},
            "recursive": {"type": "boolean", "description": "Descend into sub-folders"},
        },
    },
)


def _within_base(path: str) -> Path:
    target = (BASE / path).resolve()
    if not target.is_relative_to(BASE):
        raise ValueError("path escapes the notes root")
    return target


def list_dir(path: str = ".", recurse: bool = False) -> list[str]:
    root = _within_base(path)
    pattern = "**/*" if recurse else "*"
    return sorted(str(p.relative_to(BASE)) for p in root.glob(pattern))
