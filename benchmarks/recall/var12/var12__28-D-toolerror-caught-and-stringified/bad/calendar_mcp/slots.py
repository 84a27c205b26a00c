from dataclasses import dataclass
from datetime import datetime, timedelta

from mcp.server.fastmcp.exceptions import ToolError


@dataclass(frozen=True)
class Slot:
    start: datetime
    end: datetime


def parse_slot(start: str, duration_minutes: int) -> Slot:
    try:
        begin = datetime.fromisoformat(start)
    except ValueError:
        raise ToolError(f"start must be ISO 8601, e.g. 2027-03-01T14:00: {start!r}") from None
    if not 5 <= duration_minutes <= 480:
        raise ToolError("duration_minutes must be between 5 and 480")
    return Slot(begin, begin + timedelta(minutes=duration_minutes))
