import mcp.types as types
from mcp.shared.exceptions import McpError

from .limits import ticket_limit

DECLARATION = types.Prompt(
    name="triage_queue",
    description="Triage the oldest tickets of a support queue",
    arguments=[
        types.PromptArgument(name="queue", description="queue name", required=True),
        types.PromptArgument(name="max_tickets", description="how many tickets to triage (0 = up to 200)", required=True),
        types.PromptArgument(name="label", description="only tickets with this label", required=False),
    ],
)


def bad_request(message: str) -> McpError:
    return McpError(types.ErrorData(code=types.INVALID_PARAMS, message=message))


def render(arguments: dict[str, str]) -> types.GetPromptResult:
    queue = arguments.get("queue", "").strip()
    if not queue:
        raise bad_request("queue is required")
    if "max_tickets" not in arguments:
        raise bad_request("max_tickets is required")
    try:
        limit = ticket_limit(arguments.get("max_tickets"))
    except ValueError:
        raise bad_request("max_tickets must be a whole number") from None
    label = arguments.get("label")
    scope = f" labelled {label}" if label else ""
    text = f"Triage the {limit} oldest tickets{scope} in the {queue} queue; propose an owner for each."
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
