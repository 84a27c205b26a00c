from datetime import datetime, timezone


def parse_since(raw: str) -> datetime:
    try:
        ts = datetime.fromisoformat(raw.strip()[:19])
    except ValueError as exc:
        raise ValueError(f"since must be an ISO timestamp: {exc}") from exc
    return ts.replace(tzinfo=timezone.utc)
