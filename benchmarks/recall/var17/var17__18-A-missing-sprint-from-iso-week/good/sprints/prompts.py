import mcp.types as types

from .calendar import sprint_number


def retro(args: dict[str, str]) -> str:
    sprint = sprint_number(args.get("sprint"))
    team = args.get("team", "all teams")
    return f"Run a retrospective for sprint {sprint} ({team})."


PROMPTS = {
    "retro": (retro, [
        types.PromptArgument(name="sprint", required=True),
        types.PromptArgument(name="team", required=False),
    ]),
}
