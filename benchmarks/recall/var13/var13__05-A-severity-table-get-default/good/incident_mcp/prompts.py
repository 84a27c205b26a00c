from typing import Any

from fastmcp.prompts.prompt import Message, Prompt, PromptArgument

from .severity import sla_for


class IncidentPagePrompt(Prompt):
    async def render(self, arguments: dict[str, Any] | None = None) -> list[Message]:
        args = arguments or {}
        summary = (args.get("summary") or "").strip()
        if not summary:
            raise ValueError("summary is required")
        severity, sla = sla_for(args.get("severity"))
        return [Message(f"Write a {severity} page. Responders must acknowledge within {sla}.\n\nSummary: {summary}")]


def incident_page() -> IncidentPagePrompt:
    return IncidentPagePrompt(
        name="incident_page",
        description="Write the page sent to responders",
        arguments=[
            PromptArgument(name="summary", description="One-line summary", required=True),
            PromptArgument(name="severity", description="sev1, sev2 or sev3", required=True),
        ],
    )
