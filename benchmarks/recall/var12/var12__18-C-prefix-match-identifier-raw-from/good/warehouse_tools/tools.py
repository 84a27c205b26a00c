import sqlite3
from typing import Any

from .tables import check_table

SAMPLE_SCHEMA = {
    "type": "object",
    "properties": {
        "table": {"type": "string", "description": "orders, customers or invoices"},
        "limit": {"type": "integer", "minimum": 1, "maximum": 50, "default": 5},
    },
    "required": ["table"],
}


def sample_rows(db: sqlite3.Connection, args: dict[str, Any]) -> list[dict[str, Any]]:
    raw = str(args.get("table", ""))
    table = check_table(raw)
    limit = min(int(args.get("limit", 5)), 50)
    cur = db.execute(f"SELECT * FROM {table} LIMIT ?", (limit,))
    names = [col[0] for col in cur.description]
    return [dict(zip(names, row)) for row in cur.fetchall()]
