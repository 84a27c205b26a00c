import datetime as dt


def _parse(raw: str | None) -> dt.date:
    if raw:
        return dt.date.fromisoformat(raw)
    raise ValueError("day is required (YYYY-MM-DD)")


def day_of(arguments: dict) -> dt.date:
    return _parse(arguments.get("day"))
