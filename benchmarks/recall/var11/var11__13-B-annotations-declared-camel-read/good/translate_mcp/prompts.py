from typing import Any

from fastmcp.prompts.prompt import Message, Prompt
from mcp.types import PromptMessage


class TranslatePrompt(Prompt):
    async def render(self, arguments: dict[str, Any] | None = None) -> list[PromptMessage]:
        args = arguments or {}
        missing = [a.name for a in self.arguments or [] if a.required and not args.get(a.name)]
        if missing:
            raise ValueError(f"missing required arguments: {', '.join(missing)}")
        source = args["source_lang"]
        target = args["target_lang"]
        keep = f"\nKeep these terms unchanged: {args['glossary']}" if args.get("glossary") else ""
        return [Message(f"Translate from {source} to {target}.{keep}\n\n{args['text']}")]
