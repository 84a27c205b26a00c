from mcp import types

SUMMARY = types.Prompt(
    name="standup_summary",
    description="Summarise one team's standup notes for a day",
    arguments=[
        types.PromptArgument(name="team", required=True),
        types.PromptArgument(name="date", description="ISO day", required=True),
        types.PromptArgument(name="tone", required=False),
    ],
)
