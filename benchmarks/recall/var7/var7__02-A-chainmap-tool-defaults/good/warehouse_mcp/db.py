"""Tiny read-only accessor over the export snapshot."""
import sqlite3

ALLOWED = {"orders", "customers", "invoices"}


def fetch_rows(table: str, limit: int) -> list[tuple]:
    if table not in ALLOWED:
        raise ValueError(f"unknown table {table!r}")
    with sqlite3.connect("file:warehouse.db?mode=ro", uri=True) as conn:
        return conn.execute(f"SELECT * FROM {table} LIMIT ?", (limit,)).fetchall()
