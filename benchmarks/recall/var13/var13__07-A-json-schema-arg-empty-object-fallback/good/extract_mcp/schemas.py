import json
from typing import Any

from fastmcp.exceptions import ValidationError


def parse_schema(raw: str | None) -> dict[str, Any]:
    try:
        schema = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise ValidationError(f"schema is not valid JSON: {exc.msg}") from None
    if not isinstance(schema, dict):
        raise ValidationError("schema must be a JSON object")
    return schema
