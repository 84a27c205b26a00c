"""Prompts registered on the server of app.py: MCPServer sends MCPError(INVALID_PARAMS) as -32602."""

from mcp.shared.exceptions import MCPError
from mcp.types import INVALID_PARAMS

from oncall.app import mcp

TEAMS = ("web", "data")


@mcp.prompt()  # ok: mcp 2.x MCPServer keeps the code
def handover(team: str) -> str:
    """Hand an incident over to another team."""
    if team not in TEAMS:
        raise MCPError(code=INVALID_PARAMS, message=f"team must be one of {TEAMS}")
    return f"Write a handover note for team {team}."
