from typing import Any

from fastmcp.prompts import Message, Prompt, PromptArgument

from .compose import compose_brief


class DesignBriefPrompt(Prompt):
    async def render(self, arguments: dict[str, Any] | None = None) -> list[Message]:
        return [Message(compose_brief(arguments or {}))]


DESIGN_BRIEF = DesignBriefPrompt(
    name="design_brief",
    description="One-page design brief",
    arguments=[
        PromptArgument(name="feature", description="Feature to describe", required=True),
        PromptArgument(name="audience", description="Who reads the brief (engineers, PMs, execs)", required=True),
    ],
)
