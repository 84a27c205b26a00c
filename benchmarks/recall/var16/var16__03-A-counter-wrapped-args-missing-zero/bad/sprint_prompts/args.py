from collections import Counter


def wrap(arguments: dict[str, str] | None):
    return Counter(arguments or {})


def sprint_no(args) -> str:
    return str(args["sprint"])
