from collections.abc import Mapping

from mcp import MCPError, types

LEVELS = {"eli5", "beginner", "expert"}


def require(values: Mapping[str, str], *names: str) -> None:
    missing = [n for n in names if not values.get(n)]
    if missing:
        raise MCPError(code=types.INVALID_PARAMS, message=f"missing required arguments: {', '.join(missing)}")
