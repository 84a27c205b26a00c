from mcp import types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

from .handover import HANDOVER, render_handover

server = Server("oncall")
RENDERERS = {HANDOVER.name: render_handover}


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [HANDOVER]


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    renderer = RENDERERS.get(name)
    if renderer is None:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"Unknown prompt: {name}"))
    return renderer(arguments or {})
