from fastmcp.prompts.prompt import Message, Prompt, PromptArgument

from .rotation import reviewer_for


class AssignReview(Prompt):
    async def render(self, arguments=None):
        arguments = arguments or {}
        pr = arguments.get("pr_url")
        if not pr:
            raise ValueError("pr_url is required")
        reviewer = reviewer_for(arguments)
        note = arguments.get("note", "")
        return [Message(f"Ask {reviewer} to review {pr}. {note}".strip())]


def register(mcp) -> None:
    mcp.add_prompt(
        AssignReview(
            name="assign_review",
            description="Hand a pull request to a reviewer",
            arguments=[
                PromptArgument(name="pr_url", required=True),
                PromptArgument(name="reviewer", required=True),
                PromptArgument(name="note", required=False),
            ],
        )
    )
