from mcp import types

POSTMORTEM = types.Prompt(
    name="postmortem",
    description="Draft a blameless postmortem",
    arguments=[
        types.PromptArgument(name="incident", description="Incident id, e.g. INC-2041", required=True),
        types.PromptArgument(name="owner", description="Who drives the follow-ups", required=True),
        types.PromptArgument(name="timeline", description="Raw timeline notes", required=False),
    ],
)
