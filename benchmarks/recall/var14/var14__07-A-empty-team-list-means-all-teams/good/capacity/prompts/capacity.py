from typing import Any

from fastmcp.exceptions import ValidationError
from fastmcp.prompts import Prompt, PromptArgument

from .teams import ALL_TEAMS, parse_teams


class CapacityReview(Prompt):
    async def render(self, arguments: dict[str, Any] | None = None) -> str:
        args = arguments or {}
        quarter = args.get("quarter", "")
        if not quarter:
            raise ValidationError("quarter is required")
        try:
            teams = parse_teams(args.get("teams", ""))
        except ValueError as exc:
            raise ValidationError(str(exc)) from exc
        if not teams:
            raise ValidationError("teams is required (comma-separated)")
        return f"Review {quarter} capacity for: {', '.join(teams)}. Flag teams above 85% allocation."


PROMPTS = [
    CapacityReview(
        name="capacity_review",
        description="Quarterly capacity review for named teams",
        arguments=[
            PromptArgument(name="quarter", required=True),
            PromptArgument(name="teams", description="comma-separated team names", required=True),
        ],
    )
]
