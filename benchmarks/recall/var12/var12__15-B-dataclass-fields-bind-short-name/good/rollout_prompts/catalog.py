from mcp import types

ROLLOUT = types.Prompt(
    name="plan_rollout",
    description="Plan a staged rollout",
    arguments=[
        types.PromptArgument(name="service", description="Service to roll out", required=True),
        types.PromptArgument(name="environment", description="staging or production", required=True),
        types.PromptArgument(name="canary_percent", description="First canary step, e.g. 5", required=False),
    ],
)
