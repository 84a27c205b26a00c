from .errors import ScheduleError

FIELD_NAMES = ("minute", "hour", "day of month", "month", "day of week")


def split_cron(expression: str) -> dict[str, str]:
    fields = expression.split()
    if len(fields) != len(FIELD_NAMES):
        raise ValueError(f"expected 5 cron fields, got {len(fields)}: {expression!r}")
    return dict(zip(FIELD_NAMES, fields))
