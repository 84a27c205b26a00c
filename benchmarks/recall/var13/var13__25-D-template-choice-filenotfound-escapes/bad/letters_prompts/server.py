from mcp import types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

from .handler import LETTER, render_letter


def create_server() -> Server:
    server = Server("letters")

    @server.list_prompts()
    async def list_prompts() -> list[types.Prompt]:
        return [LETTER]

    @server.get_prompt()
    async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        if name == LETTER.name:
            return await render_letter(arguments or {})
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"Unknown prompt: {name}"))

    return server
