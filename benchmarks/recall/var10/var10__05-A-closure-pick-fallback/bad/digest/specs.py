from collections.abc import Callable, Mapping
from dataclasses import dataclass

from mcp import types

from .argutil import pick


@dataclass(frozen=True)
class PromptSpec:
    prompt: types.Prompt
    build: Callable[[Mapping[str, str] | None], str]


def weekly_digest(arguments: Mapping[str, str] | None) -> str:
    team = pick(arguments, "team")

    channel = pick(arguments, "channel", fallback="#general")

    tone = pick(arguments, "tone", fallback="friendly")
    return f"Write the weekly digest for {team}, to be posted in {channel}, in a {tone} tone."


SPECS = [
    PromptSpec(
        types.Prompt(
            name="weekly_digest",
            description="Weekly team digest for a chat channel",
            arguments=[
                types.PromptArgument(name="team", description="Team name", required=True),
                types.PromptArgument(name="channel", description="Channel the digest goes to", required=True),
                types.PromptArgument(name="tone", description="friendly or formal", required=False),
            ],
        ),
        weekly_digest,
    ),
]
