import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

from . import handlers


def register(server: Server, module=handlers) -> None:
    async def list_prompts() -> list[types.Prompt]:
        return module.SPECS

    async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        try:
            fn = module.DISPATCH[name]
        except KeyError:
            raise McpError(ErrorData(code=INVALID_PARAMS, message=f"unknown prompt {name}")) from None
        return types.GetPromptResult(messages=fn(arguments or {}))

    server.list_prompts()(list_prompts)
    server.get_prompt()(get_prompt)


server = Server("explain")
register(server)
