import math


def timeout_from(args: dict) -> float:
    raw = args.get("timeout_s")
    value = float(raw or math.inf)
    if value <= 0:
        raise ValueError("timeout_s must be positive")
    return value


def poll_interval(args: dict) -> float:
    return float(args.get("poll_s", 5))
