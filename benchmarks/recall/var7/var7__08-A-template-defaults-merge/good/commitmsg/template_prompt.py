from typing import Any

from fastmcp.prompts.prompt import Message, Prompt
from mcp.types import PromptMessage


class TemplatePrompt(Prompt):
    template: str
    defaults: dict[str, str] = {}

    async def render(self, arguments: dict[str, Any] | None = None) -> list[PromptMessage]:
        values = {**self.defaults, **(arguments or {})}
        missing = [a.name for a in self.arguments or [] if a.required and not (arguments or {}).get(a.name)]
        if missing:
            raise ValueError(f"Missing required arguments: {', '.join(missing)}")
        return [Message(self.template.format(**values))]
