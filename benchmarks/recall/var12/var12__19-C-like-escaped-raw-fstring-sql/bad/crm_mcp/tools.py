from typing import Any

from mcp.server.fastmcp import FastMCP
from mcp.server.fastmcp.exceptions import ToolError

from .store import CustomerStore, escape_like


def register(mcp: FastMCP, store: CustomerStore) -> None:
    @mcp.tool()
    def find_customers(name: str, limit: int = 20) -> list[dict[str, Any]]:
        """Find customers whose name contains the given text."""
        term = name.strip()
        if len(term) < 2:
            raise ToolError("name must have at least 2 characters")
        pattern = escape_like(term)
        return store.query(
            f"SELECT id, name, email FROM customers WHERE name LIKE '%{term}%' ESCAPE '!' LIMIT ?",
            (min(limit, 100),),
        )
