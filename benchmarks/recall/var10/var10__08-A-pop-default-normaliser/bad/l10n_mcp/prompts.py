from typing import Any

from fastmcp.prompts import Message, Prompt, PromptArgument

from .normalize import split_locale_args

TRANSLATE_ARGS = [
    PromptArgument(name="text", description="UI string to translate", required=True),
    PromptArgument(name="target_locale", description="BCP 47 locale, e.g. de-DE", required=True),
    PromptArgument(name="glossary", description="Terms to keep untranslated", required=False),
]


class TranslatePrompt(Prompt):
    async def render(self, arguments: dict[str, Any] | None = None) -> list[Message]:
        text, target, extra = split_locale_args(arguments)

        glossary = extra.get("glossary", "")
        keep = f" Keep these terms untranslated: {glossary}." if glossary else ""
        return [Message(f"Translate this UI string into {target}.{keep}\n\n{text}")]
