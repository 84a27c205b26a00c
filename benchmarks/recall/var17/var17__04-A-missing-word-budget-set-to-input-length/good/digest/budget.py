from fastmcp.exceptions import ValidationError


def word_budget(arguments: dict, text: str) -> int:
    raw = arguments.get("max_words")
    if raw is None or not raw.isdigit():
        raise ValidationError("max_words must be a positive integer")
    return int(raw)
