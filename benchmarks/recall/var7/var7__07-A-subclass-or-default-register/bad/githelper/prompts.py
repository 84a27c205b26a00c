from typing import Any

from fastmcp import FastMCP
from fastmcp.prompts.prompt import Message, Prompt, PromptArgument
from mcp.types import PromptMessage


class BranchReviewPrompt(Prompt):
    """Hand-written prompt class: render() receives the raw argument dict."""

    async def render(self, arguments: dict[str, Any] | None = None) -> list[PromptMessage]:
        args = arguments or {}
        repo = args.get("repo") or "main-repo"
        branch = args.get("branch") or "HEAD"
        return [Message(f"Review the changes on {branch} in {repo} before they are merged.")]


def register_prompts(mcp: FastMCP) -> None:
    mcp.add_prompt(
        BranchReviewPrompt(
            name="branch_review",
            description="Review a branch before merge",
            arguments=[
                PromptArgument(name="repo", description="Repository slug owner/name", required=True),
                PromptArgument(name="branch", description="Branch to review, HEAD by default"),
            ],
        )
    )
