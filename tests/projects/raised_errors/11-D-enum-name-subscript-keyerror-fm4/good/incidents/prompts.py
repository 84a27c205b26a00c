from fastmcp.exceptions import ValidationError
from fastmcp.prompts import Message, Prompt, PromptArgument

from .severity import urgency


class IncidentBrief(Prompt):
    async def render(self, arguments=None):
        args = arguments or {}
        summary, level = args.get("summary"), args.get("level")
        if not summary or not level:
            raise ValidationError("summary and level are required")
        try:
            when = urgency(level)
        except KeyError:
            raise ValidationError(f"unknown level {level!r}")
        return [Message(f"Write an incident brief for: {summary}. Response: {when}.")]


PROMPTS = [IncidentBrief(name="incident_brief", arguments=[
    PromptArgument(name="summary", required=True),
    PromptArgument(name="level", required=True),
])]
