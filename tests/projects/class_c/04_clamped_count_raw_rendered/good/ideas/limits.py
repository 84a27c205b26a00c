def clamp_count(raw: str, low: int = 1, high: int = 10) -> int:
    """Parse a count argument and keep it inside [low, high]."""
    try:
        value = int(raw)
    except (TypeError, ValueError):
        return low
    return max(low, min(value, high))
