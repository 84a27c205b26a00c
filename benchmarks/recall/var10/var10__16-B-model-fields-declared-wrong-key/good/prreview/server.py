from fastmcp import FastMCP

from .prompts import REVIEW_ARGS, ReviewPrompt


def create() -> FastMCP:
    mcp = FastMCP("pr-review")
    mcp.add_prompt(ReviewPrompt(name="review_pr", description="Review a pull request", arguments=REVIEW_ARGS))
    return mcp


mcp = create()
