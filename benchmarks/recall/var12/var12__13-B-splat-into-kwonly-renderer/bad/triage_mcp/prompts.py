from typing import Any

from fastmcp.prompts.prompt import Message, Prompt, PromptArgument

from .renderers import render_triage

RENDERERS = {"triage_ticket": render_triage}

TRIAGE_ARGS = [
    PromptArgument(name="ticket", description="Ticket key, e.g. OPS-311", required=True),
    PromptArgument(name="priority", description="P1 to P4", required=False),
]


class TemplatePrompt(Prompt):
    async def render(self, arguments: dict[str, Any] | None = None) -> list[Message]:
        text = RENDERERS[self.name](**(arguments or {}))
        return [Message(text)]
