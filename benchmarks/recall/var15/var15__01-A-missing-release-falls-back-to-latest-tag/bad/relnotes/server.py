from mcp import types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

from . import prompts


def build_server() -> Server:
    server = Server("relnotes")

    @server.list_prompts()
    async def _list() -> list[types.Prompt]:
        return prompts.DECLARED

    @server.get_prompt()
    async def _get(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        handler = prompts.HANDLERS.get(name)
        if handler is None:
            raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"unknown prompt {name}"))
        return handler(arguments or {})

    return server
