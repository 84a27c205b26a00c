from typing import Any

from fastmcp.prompts.prompt import Message, Prompt, PromptArgument

from .branches import target_branch
from .repos import lookup

REVIEW_ARGS = [
    PromptArgument(name="repo", description="Repository key: web, billing or ml", required=True),
    PromptArgument(name="branch", description="Branch the changes will be merged into", required=True),
    PromptArgument(name="focus", description="What to look at first", required=False),
]


class ReviewPlanPrompt(Prompt):
    async def render(self, arguments: dict[str, Any] | None = None) -> list[Message]:
        args = arguments or {}
        repo = lookup(args.get("repo", ""))
        base = target_branch(repo, args)
        focus = args.get("focus") or "correctness"
        return [Message(
            f"Plan a review of the open changes in {repo.full_name} that target {base}. "
            f"Focus on {focus}; most of the code is {repo.language}."
        )]
