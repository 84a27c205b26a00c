from mcp import types

AUDIT = types.Prompt(
    name="access_audit",
    description="Review who can reach a system",
    arguments=[
        types.PromptArgument(name="system", description="system to audit", required=True),
        types.PromptArgument(name="scope", description="'prod', 'staging' or 'all'", required=True),
        types.PromptArgument(name="since", description="ISO date", required=False),
    ],
)
DECLARED = [a.name for a in AUDIT.arguments]
