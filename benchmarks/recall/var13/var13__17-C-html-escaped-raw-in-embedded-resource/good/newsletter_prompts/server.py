from mcp import types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

from .prompts import PROMPTS

server = Server("newsletter")


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [prompt for prompt, _ in PROMPTS.values()]


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    try:
        _, render = PROMPTS[name]
    except KeyError:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"Unknown prompt: {name}")) from None
    return await render(arguments or {})
