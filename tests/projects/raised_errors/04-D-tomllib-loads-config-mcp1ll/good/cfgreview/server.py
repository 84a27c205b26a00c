import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import ErrorData, INVALID_PARAMS

from . import handlers


def make_server() -> Server:
    server = Server("cfg-review")

    @server.list_prompts()
    async def list_prompts() -> list[types.Prompt]:
        return [handlers.REVIEW]

    @server.get_prompt()
    async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        if name != handlers.REVIEW.name:
            raise McpError(ErrorData(code=INVALID_PARAMS, message=f"unknown prompt {name}"))
        return await handlers.review(arguments)

    return server
