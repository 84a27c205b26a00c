import re

from mcp.server.mcpserver.exceptions import ToolError

SEMVER = re.compile(r"(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?")


def require_semver(value: str, name: str) -> str:
    value = value.strip().removeprefix("v")
    if not SEMVER.fullmatch(value):
        raise ToolError(f"{name} must be a semantic version like 1.4.0, got {value!r}")
    return value
