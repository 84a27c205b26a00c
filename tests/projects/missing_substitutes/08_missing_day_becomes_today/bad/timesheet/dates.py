import datetime as dt


def _parse(raw: str | None) -> dt.date:
    if raw:
        return dt.date.fromisoformat(raw)
    return dt.date.today()  # error: MCP101


def day_of(arguments: dict) -> dt.date:
    return _parse(arguments.get("day"))
