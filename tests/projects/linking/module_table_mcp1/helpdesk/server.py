"""A dispatch table whose values are functions of a module imported whole (`from . import builders`)."""
from mcp import types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

from . import builders

BUILDERS = {
    "triage": builders.build_triage,
    "reply": builders.build_reply,
}


def create_server() -> Server:
    server = Server("helpdesk")

    @server.list_prompts()
    async def list_prompts() -> list[types.Prompt]:
        return builders.PROMPTS

    @server.get_prompt()
    async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        try:
            build = BUILDERS[name]
        except KeyError:
            raise McpError(ErrorData(code=INVALID_PARAMS, message=f"Unknown prompt {name!r}")) from None
        return build(arguments or {})

    return server
