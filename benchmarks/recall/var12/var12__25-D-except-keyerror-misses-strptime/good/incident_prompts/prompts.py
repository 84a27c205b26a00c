import mcp.types as types
from mcp.shared.exceptions import McpError

from .window import parse_window

TIMELINE = types.Prompt(
    name="incident_timeline",
    description="Reconstruct an incident timeline from logs",
    arguments=[
        types.PromptArgument(name="service", description="Affected service", required=True),
        types.PromptArgument(name="start", description="Start, 'YYYY-MM-DD HH:MM' UTC", required=True),
        types.PromptArgument(name="end", description="End, 'YYYY-MM-DD HH:MM' UTC", required=True),
        types.PromptArgument(name="sources", description="Log sources to use", required=False),
    ],
)


def incident_timeline(arguments: dict[str, str]) -> str:
    try:
        service = arguments["service"]
        start, end = parse_window(arguments)
    except (KeyError, ValueError) as exc:
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"missing or malformed argument: {exc}")) from exc
    if end <= start:
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message="end must be after start"))
    sources = arguments.get("sources", "application and load-balancer logs")
    return (
        f"Build a minute-by-minute timeline of the {service} incident between {start:%H:%M} and {end:%H:%M} UTC "
        f"on {start:%d %b %Y}, using {sources}. Mark detection, escalation and mitigation."
    )
