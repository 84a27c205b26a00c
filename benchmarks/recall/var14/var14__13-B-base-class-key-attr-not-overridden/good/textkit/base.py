from typing import Any, ClassVar

from fastmcp.prompts.prompt import Message, Prompt, PromptMessage


class SingleTextPrompt(Prompt):
    """A prompt built around one required text argument."""

    input_key: ClassVar[str] = "text"
    instruction: ClassVar[str] = "Rewrite the following text."

    async def render(self, arguments: dict[str, Any] | None = None) -> list[PromptMessage]:
        args = arguments or {}
        body = args.get(self.input_key, "").strip()
        if not body:
            raise ValueError(f"{self.input_key} is required")
        limit = args.get("max_sentences", "5")
        return [Message(f"{self.instruction} Use at most {limit} sentences.\n\n{body}")]
