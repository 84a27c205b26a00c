import re

from mcp import MCPError
from mcp.types import INVALID_PARAMS


def compile_filter(pattern: str) -> re.Pattern:
    try:
        return re.compile(pattern)
    except re.error as exc:
        raise MCPError(code=INVALID_PARAMS, message=f"invalid pattern: {exc}") from exc


def sample(lines: list[str], pattern: str, limit: int = 50) -> list[str]:
    rx = compile_filter(pattern)
    return [ln for ln in lines if rx.search(ln)][:limit]
