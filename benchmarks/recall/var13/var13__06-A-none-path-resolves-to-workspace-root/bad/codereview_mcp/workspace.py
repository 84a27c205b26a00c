import os
from pathlib import Path


class Workspace:
    def __init__(self, root: Path) -> None:
        self.root = root.resolve()

    def resolve(self, rel: str | None = None) -> Path:
        target = (self.root / (rel or ".")).resolve()
        if not target.is_relative_to(self.root):
            raise ValueError(f"{rel} is outside the workspace")
        return target

    def listing(self, path: Path, limit: int = 200) -> str:
        files = sorted(p for p in path.rglob("*.py"))[:limit] if path.is_dir() else [path]
        return "\n".join(str(p.relative_to(self.root)) for p in files)


WORKSPACE = Workspace(Path(os.environ.get("REVIEW_ROOT", ".")))
