from typing import Any

from fastmcp import FastMCP

from .db import fetch
from .queries import recent_orders_sql


def register(mcp: FastMCP) -> None:
    @mcp.tool(name="recent_orders", description="Most recent orders, sorted")
    def recent_orders(sort: str = "date", descending: bool = True, limit: int = 20) -> list[dict[str, Any]]:
        return fetch(recent_orders_sql(sort, descending), (max(1, min(limit, 200)),))
