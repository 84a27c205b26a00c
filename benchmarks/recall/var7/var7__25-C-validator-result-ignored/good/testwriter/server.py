from mcp import types
from mcp.server.lowlevel import Server

from .handlers import HANDLERS
from .validators import invalid

server = Server("testwriter")


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [h.prompt for h in HANDLERS.values()]


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    handler = HANDLERS.get(name)
    if handler is None:
        raise invalid(f"Unknown prompt: {name}")
    text = handler.render(arguments or {})
    return types.GetPromptResult(
        messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))]
    )
