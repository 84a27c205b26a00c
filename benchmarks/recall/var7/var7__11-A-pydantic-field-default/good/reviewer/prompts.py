from typing import Any

import pydantic
from fastmcp.exceptions import ValidationError
from fastmcp.prompts import Prompt, PromptArgument

from .models import ReviewArgs


class FocusedReviewPrompt(Prompt):
    async def render(self, arguments: dict[str, Any] | None = None) -> str:
        try:
            args = ReviewArgs.model_validate(arguments or {})
        except pydantic.ValidationError as exc:
            raise ValidationError(f"invalid arguments: {exc.error_count()} problem(s)") from exc
        return f"Review this diff with a focus on {args.focus}:\n\n{args.diff}"


PROMPTS = [
    FocusedReviewPrompt(
        name="focused_review",
        description="Code review with an explicit focus",
        arguments=[
            PromptArgument(name="diff", description="Unified diff", required=True),
            PromptArgument(name="focus", description="correctness, security or performance", required=True),
        ],
    ),
]
