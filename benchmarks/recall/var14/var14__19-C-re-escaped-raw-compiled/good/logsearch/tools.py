import re

from mcp.server.fastmcp import FastMCP
from mcp.server.fastmcp.exceptions import ToolError

from .patterns import literal_pattern

LINES = ["GET /health 200", "POST /login 401", "GET /orders?id=7 500"]


def register(mcp: FastMCP) -> None:
    @mcp.tool()
    def grep_logs(term: str, ignore_case: bool = False, limit: int = 50) -> list[str]:
        """Return log lines that contain the literal term."""
        try:
            pattern = literal_pattern(term)
        except ValueError as exc:
            raise ToolError(str(exc)) from exc
        flags = re.IGNORECASE if ignore_case else 0
        matcher = re.compile(pattern, flags)
        return [line for line in LINES if matcher.search(line)][:limit]
