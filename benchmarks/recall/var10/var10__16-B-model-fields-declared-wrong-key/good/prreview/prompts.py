from typing import Any

import pydantic
from fastmcp.exceptions import ValidationError
from fastmcp.prompts import Message, Prompt, PromptArgument

from .models import ReviewRequest

REVIEW_ARGS = [
    PromptArgument(name=name, description=field.description, required=field.is_required())
    for name, field in ReviewRequest.model_fields.items()
]


class ReviewPrompt(Prompt):
    async def render(self, arguments: dict[str, Any] | None = None) -> list[Message]:
        raw = arguments or {}
        try:
            req = ReviewRequest.model_validate(
                {
                    "repository": raw.get("repository"),
                    "pr_number": raw.get("pr_number"),

                    "focus": raw.get("focus") or "correctness",
                }
            )
        except pydantic.ValidationError as exc:
            raise ValidationError(str(exc)) from exc
        return [Message(f"Review PR #{req.pr_number} of {req.repository}, focusing on {req.focus}.")]
