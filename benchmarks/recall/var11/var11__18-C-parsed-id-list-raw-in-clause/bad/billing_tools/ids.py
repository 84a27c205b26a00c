import re

ID_RE = re.compile(r"\d+")


class ToolInputError(Exception):
    """Reported to the model as an is_error result."""


def parse_ids(raw: str) -> list[int]:
    """Accept '12, 13', '#12 #13' or '12 13': every run of digits is an id."""
    ids = [int(match) for match in ID_RE.findall(raw)]
    if not ids or len(ids) > 100:
        raise ToolInputError("give between 1 and 100 invoice ids")
    return ids
