from fastmcp.prompts.prompt import Prompt, PromptArgument
from mcp.types import PromptMessage, TextContent

from .templates import RELEASE_NOTES

DECLARED = ("repo", "since_tag", "until_tag")


class ReleaseNotes(Prompt):
    async def render(self, arguments=None):
        arguments = arguments or {}
        missing = [n for n in DECLARED if not arguments.get(n)]
        if missing:
            raise ValueError(f"missing arguments: {missing}")
        text = RELEASE_NOTES.format(**{n: arguments[n] for n in DECLARED})
        return [PromptMessage(role="user", content=TextContent(type="text", text=text))]


def register_prompts(server) -> None:
    server.add_prompt(ReleaseNotes(
        name="release_notes",
        arguments=[PromptArgument(name=n, required=True) for n in DECLARED],
    ))
