"""Prompts registered on the server of app.py: the -32602 raises are re-wrapped into code 0."""

from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

from oncall.app import mcp

TEAMS = ("web", "data")


@mcp.prompt()
def summary(week: str) -> str:
    """Summarise a week."""
    return f"Summarise week {week}."


@mcp.prompt()  # error: MCP206
def handover(team: str) -> str:
    """Hand an incident over to another team."""
    if team not in TEAMS:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"team must be one of {TEAMS}"))
    return f"Write a handover note for team {team}."


@mcp.prompt()
def escalate(team: str) -> str:
    """Escalate to a team (counted in the same finding as handover)."""
    if not team.strip():
        raise McpError(ErrorData(code=INVALID_PARAMS, message="team must not be empty"))
    return f"Escalate to {team}."
