import mcp.types as types

from .schemas import ARG_SCHEMAS

DESCRIPTIONS = {"backfill_plan": "Plan a backfill of a warehouse table"}

PROMPTS = [
    types.Prompt(
        name=name,
        description=DESCRIPTIONS[name],
        arguments=[
            types.PromptArgument(name=key, description=prop["description"], required=key in schema["required"])
            for key, prop in schema["properties"].items()
        ],
    )
    for name, schema in ARG_SCHEMAS.items()
]
