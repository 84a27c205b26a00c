import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

from . import prompts  # noqa: F401  (registers the prompts)
from .registry import registry


def create_server() -> Server:
    server = Server("review-kit")

    @server.list_prompts()
    async def _list() -> list[types.Prompt]:
        return list(registry.prompts.values())

    @server.get_prompt()
    async def _get(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        handler = registry.handlers.get(name)
        if handler is None:
            raise McpError(ErrorData(code=INVALID_PARAMS, message=f"Unknown prompt: {name}"))
        known = {a.name for a in registry.prompts[name].arguments or []}
        kwargs = {k: v for k, v in (arguments or {}).items() if k in known}
        text = handler(**kwargs)
        return types.GetPromptResult(
            messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))]
        )

    return server
