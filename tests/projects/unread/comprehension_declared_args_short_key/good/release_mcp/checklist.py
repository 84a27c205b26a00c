from typing import Any

from fastmcp.prompts.prompt import Prompt, PromptArgument
from mcp.types import PromptMessage, TextContent

CHECKLIST_FIELDS = ("service", "environment", "version")


class ReleaseChecklist(Prompt):
    async def render(self, arguments: dict[str, Any] | None = None) -> list[PromptMessage]:
        args = arguments or {}
        missing = [field for field in CHECKLIST_FIELDS if not args.get(field)]
        if missing:
            raise ValueError(f"missing arguments: {', '.join(missing)}")
        env = args["environment"]
        text = f"Write the release checklist for {args['service']} {args['version']} going to {env}."
        return [PromptMessage(role="user", content=TextContent(type="text", text=text))]


def checklist_prompt() -> ReleaseChecklist:
    return ReleaseChecklist(
        name="release_checklist",
        description="Release checklist for one deployment",
        arguments=[PromptArgument(name=field, required=True) for field in CHECKLIST_FIELDS],
    )
