from fastmcp.exceptions import ValidationError

MAX_IDEAS = 20


def clamp(n: int) -> int:
    return min(MAX_IDEAS, max(1, n))


def how_many(arguments: dict) -> int:
    raw = arguments.get("count")
    if raw in (None, ""):
        raise ValidationError("count is required")
    return clamp(int(raw))
