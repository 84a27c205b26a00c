import json


def parse_filters(raw: str) -> dict:
    value = json.loads(raw)
    if not isinstance(value, dict):
        raise ValueError("filters must be a JSON object")
    return value
