from mcp import types

RETRO = types.Prompt(
    name="sprint_retro",
    description="Draft a retrospective agenda for one sprint",
    arguments=[
        types.PromptArgument(name="team", required=True),
        types.PromptArgument(name="sprint", description="sprint number", required=True),
    ],
)
