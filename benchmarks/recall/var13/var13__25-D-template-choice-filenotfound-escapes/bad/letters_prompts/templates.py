import functools
from pathlib import Path

from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

TEMPLATE_DIR = Path(__file__).parent / "letters"


@functools.cache
def load_template(kind: str) -> str:
    return (TEMPLATE_DIR / f"{kind}.txt").read_text(encoding="utf-8")
