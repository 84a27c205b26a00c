import re

from mcp import MCPError
from mcp.types import INVALID_PARAMS

BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def bare_key(raw: str) -> str:
    key = raw.strip()
    if not BARE_KEY.match(key):
        raise MCPError(code=INVALID_PARAMS, message="setting must be a bare TOML key")
    return key
