from fastmcp.exceptions import ValidationError
from fastmcp.prompts import Prompt
from fastmcp.prompts.base import PromptArgument

from .budget import word_budget


class SummarisePrompt(Prompt):
    async def render(self, arguments: dict | None = None):
        arguments = arguments or {}
        if "text" not in arguments:
            raise ValidationError("text is required")
        text = arguments["text"]
        budget = word_budget(arguments, text)
        style = arguments.get("style", "bullets")
        return f"Summarise in at most {budget} words as {style}:\n\n{text}"


PROMPTS = [
    SummarisePrompt(
        name="summarise",
        arguments=[
            PromptArgument(name="text", required=True),
            PromptArgument(name="max_words", required=True),
            PromptArgument(name="style", required=False),
        ],
    ),
]
