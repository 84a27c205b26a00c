import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

from .prompts import ONBOARDING, onboarding_guide


def build() -> Server:
    server = Server("onboarding")
    handlers = {ONBOARDING.name: onboarding_guide}

    @server.list_prompts()
    async def _list() -> list[types.Prompt]:
        return [ONBOARDING]

    @server.get_prompt()
    async def _get(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        if name not in handlers:
            raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"Unknown prompt: {name}"))
        text = handlers[name](arguments or {})
        return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])

    return server
