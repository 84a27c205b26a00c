from pathlib import Path

from fastmcp.exceptions import ToolError

from .ids import artifact_id


class ArtifactRepo:
    def __init__(self, root: Path) -> None:
        self.root = root

    def read(self, raw_id: str) -> str:
        try:
            aid = artifact_id(raw_id)
        except ValueError:
            raise ToolError(f"{raw_id!r} is not an artifact id")
        path = self.root / raw_id / "summary.txt"
        if not path.is_file():
            raise ToolError(f"artifact {aid} has no summary")
        return path.read_text()
