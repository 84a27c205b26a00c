from mcp import McpError, types
from mcp.server.lowlevel import Server
from mcp.types import ErrorData, INVALID_PARAMS

from .binding import bind
from .specs import AUDIT


def build() -> Server:
    server = Server("access-audit")

    @server.list_prompts()
    async def list_prompts() -> list[types.Prompt]:
        return [AUDIT]

    @server.get_prompt()
    async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        if name != AUDIT.name:
            raise McpError(ErrorData(code=INVALID_PARAMS, message=f"unknown prompt {name}"))
        v = bind(arguments)
        since = v["since"] or "the beginning of the log"
        text = f"Audit access to {v['system']} ({v['scope']}) since {since}."
        return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])

    return server
