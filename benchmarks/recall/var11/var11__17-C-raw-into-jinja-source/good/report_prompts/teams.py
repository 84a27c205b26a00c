import re

from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

TEAM_RE = re.compile(r"[a-z][a-z0-9-]{1,30}")


def clean_team(raw: str) -> str:
    team = raw.strip().lower()
    if not TEAM_RE.fullmatch(team):
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"not a team slug: {raw!r}"))
    return team
