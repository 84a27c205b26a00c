from fastmcp.prompts.prompt import Message, Prompt, PromptArgument

from .app import mcp
from .people import assignee_from


class HandOffPrompt(Prompt):
    async def render(self, arguments=None):
        arguments = arguments or {}
        issue = arguments.get("issue")
        if not issue:
            raise ValueError("issue is required")
        who = assignee_from(arguments)
        note = arguments.get("note", "")
        return [Message(f"Hand issue {issue} over to {who}. {note}".strip())]


def register() -> None:
    mcp.add_prompt(HandOffPrompt(
        name="hand_off",
        description="Hand an issue to a teammate",
        arguments=[
            PromptArgument(name="issue", required=True),
            PromptArgument(name="assignee", required=True),
            PromptArgument(name="note", required=False),
        ],
    ))
