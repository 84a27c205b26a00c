import json

from fastmcp.exceptions import ValidationError


def parse_filters(raw: str) -> dict[str, str]:
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise ValidationError(f"filters must be a JSON object: {exc.msg}") from exc
    if not isinstance(data, dict):
        raise ValidationError("filters must be a JSON object")
    return {str(k): str(v) for k, v in data.items()}
