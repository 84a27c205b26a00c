from typing import Any

from fastmcp.prompts import Message, Prompt, PromptArgument


class ChangelogPrompt(Prompt):
    async def render(self, arguments: dict[str, Any] | None = None) -> list[Message]:
        args = arguments or {}
        try:
            since = args["since_tag"]
        except KeyError:
            raise ValueError("since_tag is required") from None
        scope = args.get("scope", "all packages")
        return [Message(f"Summarise every change to {scope} since {since} as a changelog.")]


def changelog_prompt() -> ChangelogPrompt:
    return ChangelogPrompt(
        name="changelog",
        description="Changelog since a tag",
        arguments=[
            PromptArgument(name="since_tag", description="Git tag to start from", required=True),
            PromptArgument(name="scope", description="Package to limit to"),
        ],
    )
