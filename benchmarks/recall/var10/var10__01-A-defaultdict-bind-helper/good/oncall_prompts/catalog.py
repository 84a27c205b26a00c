import mcp.types as types

HANDOFF = types.Prompt(
    name="shift_handoff",
    description="Summarise open incidents for the next on-call engineer",
    arguments=[
        types.PromptArgument(name="environment", description="prod, staging or dev", required=True),
        types.PromptArgument(name="team", description="Owning team", required=True),
        types.PromptArgument(name="notes", description="Extra notes for the handoff", required=False),
    ],
)

PROMPTS = {HANDOFF.name: HANDOFF}
