import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

from .catalog import PROMPTS
from .handlers import HANDLERS


def build_server() -> Server:
    server = Server("logs-prompts")

    @server.list_prompts()
    async def list_prompts() -> list[types.Prompt]:
        return PROMPTS

    @server.get_prompt()
    async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        handler = HANDLERS.get(name)
        if handler is None:
            raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"Unknown prompt: {name}"))
        text = handler(arguments or {})
        return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])

    return server
