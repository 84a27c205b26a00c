import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

from .catalog import PROMPTS
from .renderer import PromptRenderer
from .templates import TEMPLATES

server = Server("incident-prompts")
renderer = PromptRenderer(PROMPTS, TEMPLATES)


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return list(PROMPTS.values())


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    if name not in PROMPTS:
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"Unknown prompt: {name}"))
    return renderer.render(name, arguments or {})
