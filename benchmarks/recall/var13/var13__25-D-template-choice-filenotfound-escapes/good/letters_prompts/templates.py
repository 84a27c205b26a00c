import functools
from pathlib import Path

from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

TEMPLATE_DIR = Path(__file__).parent / "letters"


@functools.cache
def load_template(kind: str) -> str:
    path = TEMPLATE_DIR / f"{kind}.txt"
    if not kind.isidentifier() or not path.is_file():
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"unknown template {kind!r}"))
    return path.read_text(encoding="utf-8")
