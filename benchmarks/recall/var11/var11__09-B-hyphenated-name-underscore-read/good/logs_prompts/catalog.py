import mcp.types as types

INVESTIGATE = types.Prompt(
    name="investigate_errors",
    description="Investigate an error spike in a log group",
    arguments=[
        types.PromptArgument(name="log-group", description="CloudWatch log group", required=True),
        types.PromptArgument(name="time-range", description="How far back to look, e.g. 30m or 6h", required=True),
        types.PromptArgument(name="filter-pattern", description="Log filter pattern", required=False),
    ],
)
PROMPTS = [INVESTIGATE]
