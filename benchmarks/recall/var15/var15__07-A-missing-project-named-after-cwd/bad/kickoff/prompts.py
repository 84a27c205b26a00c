from fastmcp.exceptions import ValidationError
from fastmcp.prompts import Prompt, PromptArgument

from .naming import project_name

PHASES = ("discovery", "build", "launch")


class KickoffPrompt(Prompt):
    async def render(self, arguments=None):
        args = arguments or {}
        name = project_name(args)
        phase = args.get("phase") or PHASES[0]
        if phase not in PHASES:
            raise ValidationError(f"phase must be one of {PHASES}")
        return f"Draft a kickoff agenda for {name}, {phase} phase."


def register_prompts(mcp) -> None:
    mcp.add_prompt(
        KickoffPrompt(
            name="kickoff",
            description="Kickoff meeting agenda",
            arguments=[PromptArgument(name="project", required=True), PromptArgument(name="phase", required=False)],
        )
    )
