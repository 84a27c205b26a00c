import sqlite3
from typing import Any


def escape_like(term: str) -> str:
    """Escape LIKE wildcards with '!' so a search for '50%' matches literally."""
    return term.replace("!", "!!").replace("%", "!%").replace("_", "!_")


class CustomerStore:
    def __init__(self, path: str) -> None:
        self.db = sqlite3.connect(path, check_same_thread=False)
        self.db.row_factory = sqlite3.Row

    def query(self, sql: str, params: tuple[Any, ...]) -> list[dict[str, Any]]:
        return [dict(row) for row in self.db.execute(sql, params).fetchall()]
