import cattrs
from fastmcp.prompts import Message, Prompt, PromptArgument

from .model import Digest


class DigestPrompt(Prompt):
    async def render(self, arguments=None):
        digest = cattrs.structure(dict(arguments or {}), Digest)
        return [Message(f"Summarise team {digest.team}'s last {digest.window} in a {digest.tone} tone.")]


def install(mcp) -> None:
    mcp.add_prompt(DigestPrompt(name="digest", arguments=[
        PromptArgument(name="team", required=True),
        PromptArgument(name="window", required=True),
        PromptArgument(name="tone", required=False),
    ]))
