import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

from .prompts import REGISTRY


def create_server() -> Server:
    server = Server("dr-prompts")

    @server.list_prompts()
    async def list_prompts() -> list[types.Prompt]:
        return [prompt for prompt, _ in REGISTRY.values()]

    @server.get_prompt()
    async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        if name not in REGISTRY:
            raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"Unknown prompt: {name}"))
        prompt, render = REGISTRY[name]
        text = render(arguments or {})
        return types.GetPromptResult(
            description=prompt.description,
            messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))],
        )

    return server
