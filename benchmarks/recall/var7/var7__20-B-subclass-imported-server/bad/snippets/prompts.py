from string import Template
from typing import Any

from fastmcp.prompts.prompt import Message, Prompt, PromptArgument
from mcp.types import PromptMessage

from .app import mcp

EXPLAIN = Template("Explain this $lang snippet line by line:\n\n$code")


class SnippetPrompt(Prompt):
    async def render(self, arguments: dict[str, Any] | None = None) -> list[PromptMessage]:
        args = arguments or {}
        code = args.get("code", "")
        if not code.strip():
            raise ValueError("code is required")
        lang = args.get("lang") or "plain text"
        return [Message(EXPLAIN.substitute(lang=lang, code=code))]


mcp.add_prompt(
    SnippetPrompt(
        name="explain_snippet",
        description="Explain a code snippet",
        arguments=[
            PromptArgument(name="code", description="The snippet", required=True),
            PromptArgument(name="language", description="Programming language of the snippet"),
        ],
    )
)
