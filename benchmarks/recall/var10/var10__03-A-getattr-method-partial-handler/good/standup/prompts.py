from mcp import types

DECLARED = [
    types.Prompt(
        name="standup",
        description="Daily standup summary for a team",
        arguments=[
            types.PromptArgument(name="team", description="Team name", required=True),
            types.PromptArgument(name="since", description="ISO date of the last standup", required=True),
        ],
    ),
    types.Prompt(
        name="retro",
        description="Sprint retrospective agenda",
        arguments=[
            types.PromptArgument(name="sprint", description="Sprint number", required=True),
            types.PromptArgument(name="format", description="starfish or 4Ls", required=False),
        ],
    ),
]
NAMES = frozenset(p.name for p in DECLARED)


class TeamPrompts:
    def __init__(self, org: str) -> None:
        self.org = org

    def p_standup(self, team: str, since: str) -> str:
        return f"Summarise what {self.org}/{team} shipped since {since} and list blockers."

    def p_retro(self, sprint: str, format: str = "starfish") -> str:
        return f"Draft a {format} retrospective agenda for sprint {sprint} of {self.org}."
