"""No MCP import: `server` is whatever main.py passes to ReportPrompts(...)."""


class ReportPrompts:
    def __init__(self, server, teams: set[str]) -> None:
        self.teams = teams
        server.prompt(name="weekly-report")(self.weekly_report)
        server.prompt(name="team-summary")(self.team_summary)

    def weekly_report(self, team: str, week: str) -> str:
        if team not in self.teams:
            raise KeyError(f"unknown team {team!r}")  # error: MCP201
        return f"Write the weekly report for {team}, week {week}"

    def team_summary(self, team: str = "web") -> str:
        return f"Summarise {team}"  # ok: nothing raised
