from typing import Any

from fastmcp import FastMCP
from fastmcp.prompts import Prompt, PromptArgument

from .versions import Version


class ReleaseNotesPrompt(Prompt):
    async def render(self, arguments: dict[str, Any] | None = None) -> str:
        args = arguments or {}
        repo = args.get("repo")
        if not repo:
            raise ValueError("repo is required")
        since = Version.parse(args.get("since_version") or "")
        style = args.get("style", "bullets")
        return f"Write release notes for {repo} covering every merged change after {since}, as {style}."


def register(server: FastMCP) -> None:
    server.add_prompt(
        ReleaseNotesPrompt(
            name="release_notes",
            description="Release notes since a version",
            arguments=[
                PromptArgument(name="repo", required=True),
                PromptArgument(name="since_version", description="previous release, e.g. v2.3.1", required=True),
                PromptArgument(name="style", required=False),
            ],
        )
    )
