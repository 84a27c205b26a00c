from fastmcp.prompts import Message, Prompt, PromptArgument

from .sources import diff_from

FOCUS = {"security", "performance", "style"}


class ReviewDiff(Prompt):
    async def render(self, arguments=None):
        args = dict(arguments or {})
        diff = diff_from(args)
        focus = args.get("focus", "style")
        if focus not in FOCUS:
            raise ValueError(f"focus must be one of {sorted(FOCUS)}")
        return [Message(f"Review this diff with a {focus} focus:\n\n{diff}")]


REVIEW = ReviewDiff(
    name="review_diff",
    description="Review a unified diff",
    arguments=[PromptArgument(name="diff", required=True), PromptArgument(name="focus", required=False)],
)
