from mcp import types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

from .normalize import normalize_keys
from .ticket import ARGS, draft_reply

server = Server("support")
RENDERERS = {"draft_reply": (ARGS, draft_reply)}


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [types.Prompt(name=n, arguments=a) for n, (a, _) in RENDERERS.items()]


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    try:
        _, fn = RENDERERS[name]
    except KeyError:
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"unknown prompt {name}")) from None
    text = fn(normalize_keys(arguments))
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
