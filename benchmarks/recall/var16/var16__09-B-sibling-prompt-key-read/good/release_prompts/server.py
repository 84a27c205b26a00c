from mcp import McpError, types
from mcp.server.lowlevel import Server
from mcp.types import ErrorData, INVALID_PARAMS

from .declared import PROMPTS
from .render import RENDERERS

server = Server("release-prompts")


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return list(PROMPTS.values())


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    fn = RENDERERS.get(name)
    if fn is None:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"unknown prompt {name}"))
    text = fn(arguments or {})
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
