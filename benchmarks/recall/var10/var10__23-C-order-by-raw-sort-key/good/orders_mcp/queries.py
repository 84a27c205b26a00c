from fastmcp.exceptions import ToolError

SORTABLE = {"date": "created_at", "total": "total_cents", "customer": "customer_name"}


def recent_orders_sql(sort: str, descending: bool) -> str:
    column = SORTABLE.get(sort.strip().lower())
    if column is None:
        raise ToolError(f"cannot sort by {sort!r}; use one of {sorted(SORTABLE)}")
    direction = "DESC" if descending else "ASC"
    return f"SELECT id, customer_name, total_cents, created_at FROM orders ORDER BY {column} {direction} LIMIT ?"
