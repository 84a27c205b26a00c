from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext
from mcp.types import INVALID_PARAMS

from .prompts import BLEND, blend_text


async def list_prompts(ctx: ServerRequestContext, params) -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=[BLEND])


async def get_prompt(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
    if params.name != BLEND.name:
        raise MCPError(code=INVALID_PARAMS, message=f"unknown prompt {params.name}")
    text = blend_text(params.arguments or {})
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])


def create_server() -> Server:
    return Server("mixer", on_list_prompts=list_prompts, on_get_prompt=get_prompt)
