import json


def parse_filters(raw: str) -> dict:
    try:
        value = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise ValueError(f"filters is not JSON: {exc.msg}") from exc
    if not isinstance(value, dict):
        raise ValueError("filters must be a JSON object")
    return value
