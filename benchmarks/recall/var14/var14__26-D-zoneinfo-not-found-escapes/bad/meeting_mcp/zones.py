from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from mcp import MCPError
from mcp.types import INVALID_PARAMS


def zone(name: str) -> ZoneInfo:
    return ZoneInfo(name)
