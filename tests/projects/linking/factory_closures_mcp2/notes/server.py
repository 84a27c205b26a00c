"""Prompt renderers made by a factory, one per tone, kept in a table the handler looks in."""

from mcp.server import Server
from mcp.shared.exceptions import MCPError
from mcp.types import (INVALID_PARAMS, GetPromptResult, ListPromptsResult, Prompt, PromptArgument, PromptMessage,
                       TextContent)

PROMPTS = [
    Prompt(name="summary", description="Summarise a note",
           arguments=[PromptArgument(name="note", description="The note", required=True)]),
    Prompt(name="critique", description="Critique a note",
           arguments=[PromptArgument(name="note", description="The note", required=True)]),  # error: MCP103
]


def renderer(tone: str):
    def render(arguments: dict) -> str:
        note = arguments.get("note")
        if not note:
            raise MCPError(code=INVALID_PARAMS, message="note is required")
        return f"In a {tone} tone: {note}"
    return render


def careless(tone: str):
    def render(arguments: dict) -> str:
        return f"In a {tone} tone: {arguments.get('text', '')}"  # error: MCP102
    return render


RENDERERS = {"summary": renderer("neutral"), "critique": careless("blunt")}


async def list_prompts(ctx, params) -> ListPromptsResult:
    return ListPromptsResult(prompts=PROMPTS)


async def get_prompt(ctx, params) -> GetPromptResult:
    if params.name not in RENDERERS:
        raise MCPError(code=INVALID_PARAMS, message=f"unknown prompt {params.name}")
    text = RENDERERS[params.name](params.arguments or {})
    return GetPromptResult(messages=[PromptMessage(role="user", content=TextContent(type="text", text=text))])


server = Server("notes", on_list_prompts=list_prompts, on_get_prompt=get_prompt)
