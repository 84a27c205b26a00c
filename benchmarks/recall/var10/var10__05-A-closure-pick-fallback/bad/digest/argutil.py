from collections.abc import Mapping

from mcp import MCPError, types


def pick(arguments: Mapping[str, str] | None, key: str, fallback: str | None = None) -> str:
    value = (arguments or {}).get(key, "").strip()
    if value:
        return value
    if fallback is not None:
        return fallback
    raise MCPError(code=types.INVALID_PARAMS, message=f"argument '{key}' is required")
