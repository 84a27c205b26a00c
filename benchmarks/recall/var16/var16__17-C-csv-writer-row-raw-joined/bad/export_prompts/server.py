from mcp import McpError, types
from mcp.server.lowlevel import Server
from mcp.types import ErrorData, INVALID_PARAMS

from .handlers import ImportPrompt

HANDLERS = {h.name: h for h in (ImportPrompt(),)}


def create_server() -> Server:
    server = Server("contacts")

    @server.list_prompts()
    async def _list() -> list[types.Prompt]:
        return [h.declaration for h in HANDLERS.values()]

    @server.get_prompt()
    async def _get(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        if name not in HANDLERS:
            raise McpError(ErrorData(code=INVALID_PARAMS, message=f"no prompt {name}"))
        return HANDLERS[name].render(arguments or {})

    return server
