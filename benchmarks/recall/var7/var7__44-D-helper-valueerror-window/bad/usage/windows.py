from mcp import MCPError
from mcp.types import INVALID_PARAMS


def parse_window(days: str) -> int:
    try:
        value = int(days)
    except ValueError:
        raise ValueError(f"days must be a whole number, got {days!r}") from None
    if not 1 <= value <= 90:
        raise ValueError("days must be between 1 and 90")
    return value
