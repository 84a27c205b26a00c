TEAMS = {"platform": "@platform-oncall", "data": "@data-oncall", "web": "@web-oncall"}


def normalise_team(raw: str) -> str | None:
    """Canonical on-call handle for a team name, None when unknown."""
    return TEAMS.get(raw.strip().lower())
