from typing import Any

from fastmcp.exceptions import ValidationError
from fastmcp.prompts import Message, Prompt, PromptArgument

from .window import ReportWindow

STATUS_ARGS = [
    PromptArgument(name="team", description="Team name", required=True),
    PromptArgument(name="since", description="First day of the report, YYYY-MM-DD", required=True),
    PromptArgument(name="until", description="Last day, YYYY-MM-DD (default: today)", required=False),
]


class StatusReportPrompt(Prompt):
    async def render(self, arguments: dict[str, Any] | None = None) -> list[Message]:
        args = arguments or {}
        team = (args.get("team") or "").strip()
        if not team:
            raise ValidationError("team is required")
        window = ReportWindow.from_args(args)
        return [Message(
            f"Write the {team} status report for {window.since:%d %b} to {window.until:%d %b %Y}: "
            "shipped, in progress, blocked, and asks."
        )]
