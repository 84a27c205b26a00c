from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from mcp import MCPError
from mcp.types import INVALID_PARAMS


def zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise MCPError(code=INVALID_PARAMS, message=f"unknown time zone {name!r}") from None
