from mcp import McpError, types
from mcp.server.lowlevel import Server
from mcp.types import ErrorData, INVALID_PARAMS

from . import prompts

ROUTES = {"explain_digest": prompts.explain}


def register(server: Server) -> None:
    @server.list_prompts()
    async def _list() -> list[types.Prompt]:
        return prompts.DECL

    @server.get_prompt()
    async def _get(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        route = ROUTES.get(name)
        if route is None:
            raise McpError(ErrorData(code=INVALID_PARAMS, message=f"unknown prompt {name}"))
        return await route(arguments or {})


server = Server("digests")
register(server)
