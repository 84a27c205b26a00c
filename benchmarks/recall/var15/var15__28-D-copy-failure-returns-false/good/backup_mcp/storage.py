import shutil
from pathlib import Path


class Vault:
    def __init__(self, root: Path):
        self.root = root

    def store(self, src: Path) -> Path:
        dest = self.root / src.name
        shutil.copy2(src, dest)
        return dest
