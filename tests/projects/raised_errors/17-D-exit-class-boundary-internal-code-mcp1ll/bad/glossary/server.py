import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import ErrorData, INVALID_PARAMS

from .boundary import ArgumentErrors

TERMS = {"idempotent": "safe to repeat", "eventual consistency": "replicas converge over time"}
DEFINE = types.Prompt(name="define", arguments=[types.PromptArgument(name="term", required=True)])


def build() -> Server:
    server = Server("glossary")

    @server.list_prompts()
    async def list_prompts() -> list[types.Prompt]:
        return [DEFINE]

    @server.get_prompt()
    async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        if name != DEFINE.name:
            raise McpError(ErrorData(code=INVALID_PARAMS, message=f"unknown prompt {name}"))
        with ArgumentErrors():
            term = (arguments or {})["term"].lower()
            meaning = TERMS[term]
        text = f"Explain '{term}' ({meaning}) with one example."
        return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])

    return server
