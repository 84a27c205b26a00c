from mcp import types

from .config import pager_url, service_from

HANDOVER = types.Prompt(
    name="oncall_handover",
    description="Write the on-call handover note for a service",
    arguments=[
        types.PromptArgument(name="service", description="Service the shift covered", required=True),
        types.PromptArgument(name="notes", description="Free-form notes from the shift", required=False),
    ],
)


def render_handover(arguments: dict[str, str]) -> types.GetPromptResult:
    service = service_from(arguments)
    notes = arguments.get("notes", "(none)")
    text = (
        f"Write the on-call handover for {service}. Link open pages from {pager_url()}/services/{service}.\n"
        f"Shift notes:\n{notes}"
    )
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
