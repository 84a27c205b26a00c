from pathlib import Path

import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

from .prompts import ReviewPrompts

PROMPTS = [
    types.Prompt(
        name="review_branch",
        description="Review the current branch against a base ref",
        arguments=[types.PromptArgument(name="base", description="Base ref (default origin/main)", required=False)],
    )
]


def serve(repo: Path) -> Server:
    server = Server("diff-prompts")
    prompts = ReviewPrompts(repo)

    @server.list_prompts()
    async def list_prompts() -> list[types.Prompt]:
        return PROMPTS

    @server.get_prompt()
    async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        if name != "review_branch":
            raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"Unknown prompt: {name}"))
        return await prompts.review_branch(arguments or {})

    return server
