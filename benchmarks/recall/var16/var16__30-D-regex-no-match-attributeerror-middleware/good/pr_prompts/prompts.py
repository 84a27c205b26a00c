from fastmcp.prompts.prompt import Message, Prompt, PromptArgument

from .refs import parse_pr


class ReviewPR(Prompt):
    async def render(self, arguments=None):
        url = (arguments or {}).get("url")
        if not url:
            raise ValueError("url is required")
        owner, repo, number = parse_pr(url)
        return [Message(f"Review pull request #{number} in {owner}/{repo}.")]


ALL = [ReviewPR(name="review_pr", arguments=[PromptArgument(name="url", required=True)])]
