from fastmcp.prompts.prompt import PromptArgument

from .prompts import AnnouncePrompt

PROMPTS = [
    AnnouncePrompt(
        name="announce",
        description="Team announcement",
        arguments=[PromptArgument(name="topic", required=True), PromptArgument(name="tone", required=False)],
    ),
]


def install(mcp) -> None:
    for p in PROMPTS:
        mcp.add_prompt(p)
