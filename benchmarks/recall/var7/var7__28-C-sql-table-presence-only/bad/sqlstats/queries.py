import sqlite3
from contextlib import closing

from mcp import types

DB_PATH = "analytics.db"
ALLOWED_TABLES = frozenset({"orders", "customers", "invoices"})


def _error(text: str) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=True)


async def count_rows(arguments: dict) -> types.CallToolResult:
    table = arguments.get("table", "")
    if not table:
        return _error("table is required")
    with closing(sqlite3.connect(DB_PATH)) as conn:
        (count,) = conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()
    return types.CallToolResult(content=[types.TextContent(type="text", text=f"{table}: {count} rows")])
