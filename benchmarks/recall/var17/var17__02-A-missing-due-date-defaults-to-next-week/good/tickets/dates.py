from datetime import date, timedelta


def parse_due(args: dict) -> date:
    raw = args["due"]
    return date.fromisoformat(raw)


def parse_snooze(args: dict) -> int:
    return int(args.get("snooze_days", 0))
