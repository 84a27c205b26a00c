import mcp.types as types
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

from .store import find_incident


def _invalid(message: str) -> McpError:
    return McpError(ErrorData(code=INVALID_PARAMS, message=message))


class PostmortemPrompt:
    name = "postmortem"
    declared = [
        types.PromptArgument(name="incident_id", description="Incident key, e.g. INC-101", required=True),
        types.PromptArgument(name="audience", description="Who will read it", required=False),
    ]

    def render(self, args: dict[str, str]) -> types.GetPromptResult:
        incident = find_incident(args.get("incident_id"))
        if incident is None:
            raise _invalid("unknown or missing incident_id")
        audience = args.get("audience", "engineering")
        text = f"Draft a blameless postmortem for {incident.ident} ({incident.title}, opened {incident.opened}) for {audience}."
        return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])


REGISTRY = {p.name: p for p in (PostmortemPrompt(),)}
