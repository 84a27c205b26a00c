import os
import tempfile
from pathlib import Path

import mcp.types as types

LOG_DIR = Path(os.environ.get("LOG_DIR", tempfile.gettempdir()))


def tail(service: str, lines: int) -> types.CallToolResult:
    path = LOG_DIR / f"{service}.log"
    try:
        content = path.read_text().splitlines()[-lines:]
    except FileNotFoundError:
        return types.CallToolResult(content=[types.TextContent(type="text", text=f"no log for {service}")], is_error=True)
    return types.CallToolResult(content=[types.TextContent(type="text", text="\n".join(content))])
