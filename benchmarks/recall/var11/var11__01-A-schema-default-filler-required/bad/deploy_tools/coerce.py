from typing import Any


class ArgumentError(Exception):
    """A tool argument the caller has to fix."""


def apply_schema(schema: dict[str, Any], arguments: dict[str, Any]) -> dict[str, Any]:
    """Fill documented defaults, coerce numeric strings, then check the required keys."""
    properties = schema.get("properties", {})
    required = set(schema.get("required", []))
    out = dict(arguments)
    for key, prop in properties.items():
        if key not in out and "default" in prop:
            out[key] = prop["default"]
        if prop.get("type") == "integer" and isinstance(out.get(key), str):
            out[key] = int(out[key])
    missing = sorted(required - out.keys())
    if missing:
        raise ArgumentError(f"missing required arguments: {', '.join(missing)}")
    return out
