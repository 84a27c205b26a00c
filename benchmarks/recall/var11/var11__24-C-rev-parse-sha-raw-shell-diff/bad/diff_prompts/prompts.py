from pathlib import Path

import mcp.types as types

from .git import diff_against, resolve_commit


class ReviewPrompts:
    def __init__(self, repo: Path) -> None:
        self.repo = repo

    async def review_branch(self, arguments: dict[str, str]) -> types.GetPromptResult:
        base = arguments.get("base") or "origin/main"
        sha = await resolve_commit(self.repo, base)
        diff = await diff_against(self.repo, base)
        text = f"Review the changes since {sha[:12]}. Point out bugs first, style last.\n\n{diff}"
        return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
