from mcp import types

POSTMORTEM = types.Prompt(
    name="postmortem",
    description="Postmortem draft",
    arguments=[
        types.PromptArgument(name="incident_id", required=True),
        types.PromptArgument(name="timeline", required=True),
        types.PromptArgument(name="owner", required=False),
    ],
)
