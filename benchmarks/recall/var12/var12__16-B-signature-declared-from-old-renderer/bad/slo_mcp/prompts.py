import inspect
from collections.abc import Callable
from typing import Any

from fastmcp.exceptions import ValidationError
from fastmcp.prompts import Message, Prompt, PromptArgument

from .renderers import RENDERER, render_v1


def arguments_of(fn: Callable[..., str]) -> list[PromptArgument]:
    params = inspect.signature(fn).parameters.values()
    return [PromptArgument(name=p.name, required=p.default is inspect.Parameter.empty) for p in params]


SLO_ARGS = arguments_of(render_v1)


class SloReviewPrompt(Prompt):
    async def render(self, arguments: dict[str, Any] | None = None) -> list[Message]:
        args = arguments or {}
        missing = [a.name for a in self.arguments or [] if a.required and a.name not in args]
        if missing:
            raise ValidationError(f"missing required arguments: {missing}")
        known = {a.name for a in self.arguments or []}
        return [Message(RENDERER(**{k: v for k, v in args.items() if k in known}))]
