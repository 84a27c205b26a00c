import itertools

ROTATION = ["alice", "bora", "chen", "dmitri"]
_next = itertools.cycle(ROTATION)


def reviewer_for(arguments: dict) -> str:
    name = arguments.get("reviewer")
    if not name:
        raise ValueError("reviewer is required")
    if name not in ROTATION:
        raise ValueError(f"unknown reviewer {name!r}")
    return name
