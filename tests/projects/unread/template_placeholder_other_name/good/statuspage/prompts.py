from mcp import MCPError, types

from .templates import INCIDENT_UPDATE

INCIDENT_PROMPT = types.Prompt(
    name="incident_update",
    description="Draft a public status-page update",
    arguments=[
        types.PromptArgument(name="service", required=True),
        types.PromptArgument(name="impact", required=True),
        types.PromptArgument(name="next_update", description="Minutes until the next update", required=False),
    ],
)


def render_update(arguments: dict[str, str]) -> str:
    for key in ("service", "impact"):
        if not arguments.get(key):
            raise MCPError(code=types.INVALID_PARAMS, message=f"{key} is required")
    values = {"next_update": "30", **arguments}
    return INCIDENT_UPDATE.safe_substitute(values)
