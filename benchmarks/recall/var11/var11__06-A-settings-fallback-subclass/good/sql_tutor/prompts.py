from typing import Any

from fastmcp.prompts.prompt import Message, Prompt, PromptArgument
from mcp.types import PromptMessage

from .settings import SETTINGS

QUERY_ARGS = [
    PromptArgument(name="question", description="What the query should answer", required=True),
    PromptArgument(name="dialect", description="SQL dialect: postgres, mysql, sqlite, bigquery", required=True),
    PromptArgument(name="schema", description="Schema to query", required=False),
]


class WriteQueryPrompt(Prompt):
    async def render(self, arguments: dict[str, Any] | None = None) -> list[PromptMessage]:
        supplied = arguments or {}
        question = supplied.get("question", "").strip()
        if not question:
            raise ValueError("question is required")
        dialect = supplied.get("dialect", "")
        if not dialect:
            raise ValueError("dialect is required")
        schema = supplied.get("schema", SETTINGS.default_schema)
        return [Message(f"Write a {dialect} query against schema {schema} that answers: {question}")]
