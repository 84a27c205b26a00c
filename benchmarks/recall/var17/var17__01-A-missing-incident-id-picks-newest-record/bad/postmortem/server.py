import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

from .prompts import REGISTRY


def build_server() -> Server:
    server = Server("postmortem")

    @server.list_prompts()
    async def list_prompts() -> list[types.Prompt]:
        return [types.Prompt(name=p.name, arguments=p.declared) for p in REGISTRY.values()]

    @server.get_prompt()
    async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        prompt = REGISTRY.get(name)
        if prompt is None:
            raise McpError(ErrorData(code=INVALID_PARAMS, message=f"unknown prompt {name}"))
        return prompt.render(arguments or {})

    return server
