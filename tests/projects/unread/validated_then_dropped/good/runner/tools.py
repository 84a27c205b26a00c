import mcp.types as types
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

from .exec import run

ALLOWED = {"uptime", "df", "free"}


def bad(msg: str) -> McpError:
    return McpError(ErrorData(code=INVALID_PARAMS, message=msg))


async def run_check(arguments: dict) -> list[types.TextContent]:
    cmd = arguments.get("command", "")
    if cmd not in ALLOWED:
        raise bad(f"command must be one of {sorted(ALLOWED)}")
    seconds = float(arguments.get("timeout_seconds", 10))
    if seconds <= 0 or seconds > 60:
        raise bad("timeout_seconds must be in (0, 60]")
    out = run([cmd], timeout=seconds)
    return [types.TextContent(type="text", text=out)]
