from fastmcp.prompts.prompt import Prompt, PromptArgument
from mcp.types import PromptMessage, TextContent

from .periods import quarter_label


class OkrReview(Prompt):
    async def render(self, arguments=None):
        arguments = arguments or {}
        quarter = quarter_label(arguments.get("quarter"))
        team = arguments.get("team") or "the whole org"
        text = f"Review the OKRs of {team} for {quarter}."
        return [PromptMessage(role="user", content=TextContent(type="text", text=text))]


ALL = [OkrReview(name="okr_review", arguments=[
    PromptArgument(name="quarter", required=True),
    PromptArgument(name="team", required=False),
])]
