ALL_TEAMS = ("platform", "payments", "search", "mobile", "data")


def parse_teams(raw: str) -> list[str]:
    teams = [t.strip().lower() for t in raw.split(",") if t.strip()]
    unknown = [t for t in teams if t not in ALL_TEAMS]
    if unknown:
        raise ValueError(f"unknown teams: {unknown}")
    return teams
