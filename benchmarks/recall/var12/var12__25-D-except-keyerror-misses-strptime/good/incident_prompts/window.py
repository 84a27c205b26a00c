from datetime import datetime

FMT = "%Y-%m-%d %H:%M"


def parse_window(arguments: dict[str, str]) -> tuple[datetime, datetime]:
    """Read start/end ('YYYY-MM-DD HH:MM', UTC) from the prompt arguments."""
    start, end = (datetime.strptime(arguments[key], FMT) for key in ("start", "end"))
    return start, end
