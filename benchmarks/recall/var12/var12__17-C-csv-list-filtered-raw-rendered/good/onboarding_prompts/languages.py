from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

SUPPORTED = ("python", "go", "rust", "typescript", "java")


def parse_languages(raw: str) -> list[str]:
    """Split a comma-separated list and keep the supported languages, in order."""
    chosen: list[str] = []
    for part in raw.split(","):
        name = part.strip().lower()
        if name in SUPPORTED and name not in chosen:
            chosen.append(name)
    if not chosen:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"languages must name one of: {', '.join(SUPPORTED)}"))
    return chosen
