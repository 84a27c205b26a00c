import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

from .dispute import DisputePrompt

server = Server("invoices")
HANDLERS = {p.declaration.name: p for p in (DisputePrompt(),)}


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [h.declaration for h in HANDLERS.values()]


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    try:
        handler = HANDLERS[name]
    except KeyError:
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"unknown prompt {name}")) from None
    return handler(arguments or {})
