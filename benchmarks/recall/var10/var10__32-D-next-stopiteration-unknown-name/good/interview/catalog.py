import mcp.types as types

PROMPTS = [
    types.Prompt(
        name="interview_questions",
        description="Questions for a job interview",
        arguments=[
            types.PromptArgument(name="role", description="Role being hired for", required=True),
            types.PromptArgument(name="seniority", description="junior, mid or senior", required=False),
        ],
    ),
    types.Prompt(
        name="scorecard",
        description="Scorecard for an interview loop",
        arguments=[types.PromptArgument(name="role", description="Role being hired for", required=True)],
    ),
]
