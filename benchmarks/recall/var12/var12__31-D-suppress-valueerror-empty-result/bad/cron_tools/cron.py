from datetime import datetime, timedelta


def _field(spec: str, low: int, high: int) -> set[int]:
    if spec == "*":
        return set(range(low, high + 1))
    if spec.startswith("*/"):
        step = int(spec[2:])
        if step <= 0:
            raise ValueError(f"bad step in {spec!r}")
        return set(range(low, high + 1, step))
    values = {int(part) for part in spec.split(",")}
    if not all(low <= v <= high for v in values):
        raise ValueError(f"{spec!r} is outside {low}-{high}")
    return values


def next_runs(expression: str, count: int, now: datetime | None = None) -> list[str]:
    """Next run times of a 'minute hour' cron expression (the day fields must be '* * *')."""
    parts = expression.split()
    if len(parts) != 5 or parts[2:] != ["*", "*", "*"]:
        raise ValueError("expected 'MIN HOUR * * *'")
    minutes, hours = _field(parts[0], 0, 59), _field(parts[1], 0, 23)
    t = (now or datetime.now()).replace(second=0, microsecond=0) + timedelta(minutes=1)
    runs: list[str] = []
    while len(runs) < count:
        if t.minute in minutes and t.hour in hours:
            runs.append(t.isoformat(timespec="minutes"))
        t += timedelta(minutes=1)
    return runs
