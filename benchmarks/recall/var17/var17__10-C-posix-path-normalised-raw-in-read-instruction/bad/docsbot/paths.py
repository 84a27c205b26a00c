from pathlib import PurePosixPath

from mcp import MCPError
from mcp.types import INVALID_PARAMS


def repo_relative(raw: str) -> str:
    path = PurePosixPath(raw.strip())
    if path.is_absolute() or ".." in path.parts or not path.parts:
        raise MCPError(code=INVALID_PARAMS, message="path must be a relative path inside the repository")
    return path.as_posix()
