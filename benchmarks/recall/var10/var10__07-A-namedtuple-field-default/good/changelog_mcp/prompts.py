from typing import Any

from fastmcp.prompts import Message, Prompt, PromptArgument

from .model import ChangelogRequest

REQUIRED = ("repo", "since_tag")
DESCRIPTIONS = {
    "repo": "owner/name of the repository",
    "since_tag": "Tag of the previous release",
    "style": "keepachangelog or prose",
}
CHANGELOG_ARGS = [
    PromptArgument(name=field, description=DESCRIPTIONS[field], required=field in REQUIRED)
    for field in ChangelogRequest._fields
]


class ChangelogPrompt(Prompt):
    async def render(self, arguments: dict[str, Any] | None = None) -> list[Message]:
        raw = arguments or {}
        missing = [n for n in REQUIRED if not raw.get(n)]
        if missing:
            raise ValueError(f"missing required arguments: {missing}")
        req = ChangelogRequest(**{k: raw[k] for k in ChangelogRequest._fields if k in raw})
        return [Message(f"Write the changelog of {req.repo} since {req.since_tag} in {req.style} style.")]


PROMPT_TYPES = [(ChangelogPrompt, "changelog", "Changelog since the last release", CHANGELOG_ARGS)]
