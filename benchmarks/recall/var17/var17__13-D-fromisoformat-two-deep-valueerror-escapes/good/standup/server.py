from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

from .prompts import StandupPrompts


def attach(server: Server, prompts: StandupPrompts) -> None:
    @server.list_prompts()
    async def _list():
        return prompts.declared()

    @server.get_prompt()
    async def _get(name, arguments):
        method = getattr(prompts, name, None) if name in {p.name for p in prompts.declared()} else None
        if method is None:
            raise McpError(ErrorData(code=INVALID_PARAMS, message=f"unknown prompt {name}"))
        return method(arguments or {})


def main() -> Server:
    server = Server("standup")
    attach(server, StandupPrompts("platform"))
    return server
