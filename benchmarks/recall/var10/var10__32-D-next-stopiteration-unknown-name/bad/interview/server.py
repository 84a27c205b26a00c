import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

from .catalog import PROMPTS
from .render import RENDERERS


def create_server() -> Server:
    server = Server("interview-prompts")

    @server.list_prompts()
    async def list_prompts() -> list[types.Prompt]:
        return PROMPTS

    @server.get_prompt()
    async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        prompt = next(p for p in PROMPTS if p.name == name)
        args = arguments or {}
        text = RENDERERS[prompt.name](args)
        return types.GetPromptResult(
            messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))]
        )

    return server
