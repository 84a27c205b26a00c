from functools import partial
from typing import Any

from fastmcp.prompts.prompt import Message, Prompt, PromptArgument
from mcp.types import PromptMessage

from .compose import render_brief

BRIEF_ARGS = [
    PromptArgument(name="product", description="Product name", required=True),
    PromptArgument(name="tone", description="Voice of the brief: formal, playful, ...", required=True),
    PromptArgument(name="length", description="short or long", required=False),
]
_KNOWN = {a.name for a in BRIEF_ARGS}


class BriefPrompt(Prompt):
    async def render(self, arguments: dict[str, Any] | None = None) -> list[PromptMessage]:
        args = {k: v for k, v in (arguments or {}).items() if k in _KNOWN}
        if not args.get("product"):
            raise ValueError("product is required")
        if not args.get("tone"):
            raise ValueError("tone is required")
        compose = partial(render_brief, length="short")
        return [Message(compose(**args))]
