import posixpath
from pathlib import Path


class ExportStore:
    def __init__(self, root: Path) -> None:
        self.root = root

    def _relative(self, name: str) -> str:
        rel = posixpath.normpath(name.replace("\\", "/")).lstrip("/")
        if rel.startswith("..") or rel in ("", "."):
            raise ValueError(f"path escapes the export folder: {name}")
        return rel

    def save(self, name: str, content: str) -> Path:
        rel = self._relative(name)
        target = self.root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(content, encoding="utf-8")
        return target
