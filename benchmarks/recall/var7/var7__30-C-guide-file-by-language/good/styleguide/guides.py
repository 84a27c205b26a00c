from pathlib import Path

from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

GUIDES = Path(__file__).parent / "guides"
SUPPORTED = {"python", "go", "typescript"}


def guide_text(language: str) -> str:
    if language not in SUPPORTED:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"no style guide for {language!r}"))
    return (GUIDES / f"{language}.md").read_text(encoding="utf-8")
