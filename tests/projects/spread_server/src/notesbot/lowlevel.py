"""A low-level server made by a factory here; its handlers live in this module."""
import mcp.types as types
from mcp.server import Server

PROMPTS = [types.Prompt(name="digest", arguments=[types.PromptArgument(name="day", required=True)])]


def create_server() -> Server:
    server = Server("digest")

    @server.list_prompts()
    async def list_prompts() -> list[types.Prompt]:
        return PROMPTS

    @server.get_prompt()
    async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        day = (arguments or {}).get("day", "today")
        return types.GetPromptResult(messages=[])

    return server
