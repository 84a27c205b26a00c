from fastmcp.exceptions import ToolError

from .db import CONN, quote_ident, table_names


def row_count(table: str, where_active: bool = False) -> int:
    """Count the rows of a table."""
    if table not in table_names():
        raise ToolError(f"unknown table {table}")
    ident = quote_ident(table)
    sql = f"SELECT count(*) FROM {table}"
    if where_active:
        sql += " WHERE id > ?"
        return CONN.execute(sql, (0,)).fetchone()[0]
    return CONN.execute(sql).fetchone()[0]
