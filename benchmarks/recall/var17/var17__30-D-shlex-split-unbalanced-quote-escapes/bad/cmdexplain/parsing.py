import shlex

from mcp import MCPError
from mcp.types import INVALID_PARAMS


def argv_of(command: str) -> list[str]:
    argv = shlex.split(command)
    if not argv:
        raise MCPError(code=INVALID_PARAMS, message="command is empty")
    return argv
