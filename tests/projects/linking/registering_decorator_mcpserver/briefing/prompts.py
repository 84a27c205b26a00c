"""Prompts registered through the project decorators."""

from briefing.registry import plugin_prompt, team_prompt
from briefing.server import briefing_prompt


@briefing_prompt("morning")
def morning(team: str) -> str:
    team = team or "everyone"  # error: MCP101
    return f"Morning briefing for {team}"


@briefing_prompt("evening")
def evening(team: str, mood: str = "calm") -> str:
    mood = mood or "calm"  # ok: optional
    return f"Evening briefing for {team} ({mood})"


@team_prompt
def standup(project: str) -> str:
    project = project or "all projects"  # error: MCP101
    return f"Standup for {project}"


@plugin_prompt
def retro(sprint: str) -> str:
    sprint = sprint or "last"  # ok: the host it registers on is not known
    return f"Retro of the {sprint} sprint"
