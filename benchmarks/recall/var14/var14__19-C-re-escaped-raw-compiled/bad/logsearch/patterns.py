import re


def literal_pattern(term: str) -> str:
    if not term or len(term) > 200:
        raise ValueError("term must be 1-200 characters")
    return re.escape(term)
