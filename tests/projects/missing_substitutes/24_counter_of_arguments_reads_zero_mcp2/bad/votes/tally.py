from collections import Counter


def as_counts(arguments):
    return Counter(arguments or {})


def quorum(counts) -> str:
    return f"quorum {counts['quorum']}"  # error: MCP101
