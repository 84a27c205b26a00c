from datetime import date

from mcp import MCPError
from mcp.types import INVALID_PARAMS


def sprint_number(raw: str | None) -> int:
    if raw is None:
        raise MCPError(code=INVALID_PARAMS, message="sprint is required")
    if not raw.isdigit():
        raise MCPError(code=INVALID_PARAMS, message="sprint must be a number")
    return int(raw)
