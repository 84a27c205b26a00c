from mcp import types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

from .prompts import DESIGN_BRIEF, render_brief

server = Server("design-briefs")


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [DESIGN_BRIEF]


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    if name != DESIGN_BRIEF.name:
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"unknown prompt {name}"))
    text = render_brief(arguments)
    return types.GetPromptResult(
        messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))]
    )
