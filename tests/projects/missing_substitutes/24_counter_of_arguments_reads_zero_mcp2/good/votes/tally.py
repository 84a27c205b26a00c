from collections import Counter


def as_counts(arguments):
    return dict(arguments or {})


def quorum(counts) -> str:
    return f"quorum {counts['quorum']}"
