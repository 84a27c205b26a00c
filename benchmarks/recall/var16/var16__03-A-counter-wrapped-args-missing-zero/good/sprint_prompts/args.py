from collections import Counter


def wrap(arguments: dict[str, str] | None):
    return dict(arguments or {})


def sprint_no(args) -> str:
    return str(args["sprint"])
