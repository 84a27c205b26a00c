from typing import Any

from fastmcp.exceptions import ValidationError
from fastmcp.prompts import Message, Prompt, PromptArgument

from .templates import ANNOUNCE

ANNOUNCE_ARGS = [
    PromptArgument(name="product", description="Product name", required=True),
    PromptArgument(name="version", description="Version being released, e.g. 4.2.0", required=True),
    PromptArgument(name="highlights", description="Bullet list of changes", required=False),
]


class AnnouncePrompt(Prompt):
    async def render(self, arguments: dict[str, Any] | None = None) -> list[Message]:
        args = dict(arguments or {})
        highlights = args.pop("highlights", "")

        body = ANNOUNCE.safe_substitute(args)
        if highlights:
            body += f"\n\nHighlights:\n{highlights}"
        return [Message(body)]
