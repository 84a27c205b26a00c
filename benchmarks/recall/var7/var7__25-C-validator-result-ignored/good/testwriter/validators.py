from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

SUPPORTED = {"python": "Python", "py": "Python", "ts": "TypeScript", "typescript": "TypeScript", "go": "Go"}


def invalid(message: str) -> McpError:
    return McpError(ErrorData(code=INVALID_PARAMS, message=message))


def normalize_language(raw: str) -> str:
    key = raw.strip().lower()
    if key not in SUPPORTED:
        raise invalid(f"unsupported language {raw!r}; use one of {sorted(SUPPORTED)}")
    return SUPPORTED[key]
