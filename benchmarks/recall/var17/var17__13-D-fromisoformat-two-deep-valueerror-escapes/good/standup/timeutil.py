from datetime import date, timedelta

from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData


def parse_day(raw: str) -> date:
    return date.fromisoformat(raw.strip())


def window(since: str, days: str | None) -> tuple[date, date]:
    try:
        start = parse_day(since)
    except ValueError:
        raise McpError(ErrorData(code=INVALID_PARAMS, message="since must be YYYY-MM-DD")) from None
    span = int(days) if days and days.isdigit() else 1
    if span > 14:
        raise McpError(ErrorData(code=INVALID_PARAMS, message="days must be at most 14"))
    return start, start + timedelta(days=span)
