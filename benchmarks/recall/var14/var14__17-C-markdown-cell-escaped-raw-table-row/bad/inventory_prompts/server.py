import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

from . import report

MODULES = [report]


def build() -> Server:
    server = Server("inventory")
    table = {m.DECLARATION.name: m for m in MODULES}

    @server.list_prompts()
    async def list_prompts() -> list[types.Prompt]:
        return [m.DECLARATION for m in MODULES]

    @server.get_prompt()
    async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        if name not in table:
            raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"unknown prompt {name}"))
        return table[name].render(arguments or {})

    return server
