from datetime import date, timedelta


def parse_due(args: dict) -> date:
    raw = args.get("due")
    if raw is None:
        return date.today() + timedelta(days=7)
    return date.fromisoformat(raw)


def parse_snooze(args: dict) -> int:
    return int(args.get("snooze_days", 0))
