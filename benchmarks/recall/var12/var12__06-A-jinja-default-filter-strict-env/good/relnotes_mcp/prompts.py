from typing import Any

from fastmcp.prompts import Message, Prompt, PromptArgument
from jinja2 import UndefinedError

from .templates import RELEASE_NOTES

NOTES_ARGS = [
    PromptArgument(name="product", description="Product name", required=True),
    PromptArgument(name="version", description="Version, e.g. 2.8.0", required=True),
    PromptArgument(name="changes", description="Merged PR titles, one per line", required=True),
    PromptArgument(name="audience", description="Who reads the notes", required=False),
]


class ReleaseNotesPrompt(Prompt):
    async def render(self, arguments: dict[str, Any] | None = None) -> list[Message]:
        try:
            text = RELEASE_NOTES.render(**(arguments or {}))
        except UndefinedError as exc:
            raise ValueError(f"missing argument: {exc.message}") from None
        return [Message(text)]


PROMPTS = [ReleaseNotesPrompt(name="release_notes", description="Draft release notes", arguments=NOTES_ARGS)]
