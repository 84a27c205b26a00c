from mcp import types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

from .config import load
from .handler import StandupPrompts

SUMMARY = types.Prompt(
    name="standup_summary",
    arguments=[types.PromptArgument(name="team", required=True), types.PromptArgument(name="day", required=True)],
)


def serve() -> Server:
    prompts = StandupPrompts(load())
    server = Server("standup")

    @server.list_prompts()
    async def _list() -> list[types.Prompt]:
        return [SUMMARY]

    @server.get_prompt()
    async def _get(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        if name == "standup_summary":
            return prompts.summary(arguments or {})
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"unknown prompt {name}"))

    return server
