from mcp import types

LATENCY = types.Prompt(
    name="latency_review",
    description="Review the latency of one service",
    arguments=[
        types.PromptArgument(name="service", description="Service name as in the service catalog", required=True),
        types.PromptArgument(name="window", description="Look-back window, e.g. 1h or 24h", required=False),
    ],
)
ERRORS = types.Prompt(
    name="error_budget",
    description="Explain the error-budget burn of a service",
    arguments=[types.PromptArgument(name="service", description="Service name", required=True)],
)
PROMPTS = [LATENCY, ERRORS]
