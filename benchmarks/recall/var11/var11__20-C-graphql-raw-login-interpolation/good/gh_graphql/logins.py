import re

from mcp.server.mcpserver.exceptions import ToolError

LOGIN_RE = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})")


def check_login(raw: str) -> str:
    login = raw.strip().lstrip("@")
    if not LOGIN_RE.fullmatch(login):
        raise ToolError(f"not a GitHub login: {raw!r}")
    return login
