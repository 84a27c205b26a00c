import json


def strip_operators(value):
    if isinstance(value, dict):
        return {k: strip_operators(v) for k, v in value.items() if not k.startswith("$")}
    return value


def parse_filter(raw: str) -> tuple[dict, dict]:
    parsed = json.loads(raw)
    if not isinstance(parsed, dict):
        raise ValueError("filter must be a JSON object")
    return parsed, strip_operators(parsed)
