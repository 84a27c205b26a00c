import mcp.types as types
from mcp.server.lowlevel import Server

from .catalog import PROMPTS, RENDERERS
from .errors import invalid


def create_server() -> Server:
    server = Server("standup-prompts")

    @server.list_prompts()
    async def list_prompts() -> list[types.Prompt]:
        return list(PROMPTS.values())

    @server.get_prompt()
    async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        renderer = RENDERERS.get(name)
        if renderer is None:
            raise invalid(f"unknown prompt: {name}")
        return renderer(arguments or {})

    return server
