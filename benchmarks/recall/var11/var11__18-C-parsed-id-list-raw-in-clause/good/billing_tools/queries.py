import sqlite3
from typing import Any

from .ids import parse_ids


def invoice_totals(db: sqlite3.Connection, args: dict[str, Any]) -> str:
    ids = parse_ids(str(args.get("invoice_ids", "")))
    rows = db.execute(f"SELECT id, total_cents FROM invoices WHERE id IN ({', '.join(str(i) for i in ids)}) ORDER BY id").fetchall()
    found = {row[0] for row in rows}
    lines = [f"{row[0]}: {row[1] / 100:.2f}" for row in rows]
    lines += [f"{i}: not found" for i in ids if i not in found]
    return "\n".join(lines)
