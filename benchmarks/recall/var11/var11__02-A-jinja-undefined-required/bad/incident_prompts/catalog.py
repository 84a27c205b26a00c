import mcp.types as types

PROMPTS = {
    "postmortem": types.Prompt(
        name="postmortem",
        description="Draft a blameless postmortem",
        arguments=[
            types.PromptArgument(name="incident_id", description="Incident number, e.g. INC-2041", required=True),
            types.PromptArgument(name="service", description="Affected service", required=True),
            types.PromptArgument(name="timeline", description="Free-form timeline notes", required=False),
        ],
    ),
}
