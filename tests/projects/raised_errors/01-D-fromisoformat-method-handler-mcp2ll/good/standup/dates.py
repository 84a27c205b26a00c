from datetime import date, timedelta


def window(since: str, days: int = 7) -> tuple[date, date]:
    start = date.fromisoformat(since)
    return start, start + timedelta(days=days)
