import shlex

from mcp import MCPError
from mcp.types import INVALID_PARAMS


def argv_of(command: str) -> list[str]:
    try:
        argv = shlex.split(command)
    except ValueError as exc:
        raise MCPError(code=INVALID_PARAMS, message=f"command does not parse: {exc}") from None
    if not argv:
        raise MCPError(code=INVALID_PARAMS, message="command is empty")
    return argv
