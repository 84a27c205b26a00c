MAX_IDEAS = 20


def clamp(n: int) -> int:
    return min(MAX_IDEAS, max(1, n))


def how_many(arguments: dict) -> int:
    return clamp(int(arguments.get("count") or 0))  # error: MCP101
