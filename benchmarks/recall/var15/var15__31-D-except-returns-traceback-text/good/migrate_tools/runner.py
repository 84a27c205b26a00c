import sqlite3
from pathlib import Path


class Migrator:
    def __init__(self, db: Path, scripts: Path):
        self.db, self.scripts = db, scripts

    def apply(self, version: str) -> str:
        script = self.scripts / f"{version}.sql"
        if not script.is_file():
            raise FileNotFoundError(f"no migration {version}")
        with sqlite3.connect(self.db) as conn:
            conn.executescript(script.read_text())
        return f"applied {version}"
