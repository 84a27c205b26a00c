import sqlite3
from typing import Any

DB_PATH = "orders.db"


def fetch(sql: str, params: tuple[Any, ...]) -> list[dict[str, Any]]:
    with sqlite3.connect(DB_PATH) as conn:
        conn.row_factory = sqlite3.Row
        return [dict(row) for row in conn.execute(sql, params)]
