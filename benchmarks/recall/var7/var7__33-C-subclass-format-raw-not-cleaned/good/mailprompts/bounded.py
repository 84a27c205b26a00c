from typing import Any

from fastmcp.prompts.prompt import Message, Prompt
from mcp.types import PromptMessage


class BoundedTemplatePrompt(Prompt):
    template: str
    max_len: int = 2000

    def clean(self, arguments: dict[str, Any] | None) -> dict[str, str]:
        args = arguments or {}
        cleaned: dict[str, str] = {}
        for arg in self.arguments or []:
            value = str(args.get(arg.name, "")).strip()
            if arg.required and not value:
                raise ValueError(f"{arg.name} is required")
            cleaned[arg.name] = value[: self.max_len]
        return cleaned

    async def render(self, arguments: dict[str, Any] | None = None) -> list[PromptMessage]:
        cleaned = self.clean(arguments)
        return [Message(self.template.format(**cleaned))]
