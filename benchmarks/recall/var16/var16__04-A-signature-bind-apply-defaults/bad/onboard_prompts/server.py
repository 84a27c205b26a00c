from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext
from mcp.types import INVALID_PARAMS

from . import registry


async def on_list_prompts(ctx: ServerRequestContext, params) -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=registry.declared())


async def on_get_prompt(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
    if params.name not in registry.ENTRIES:
        raise MCPError(code=INVALID_PARAMS, message=f"unknown prompt {params.name}")
    try:
        text = registry.call(params.name, params.arguments or {})
    except TypeError as exc:
        raise MCPError(code=INVALID_PARAMS, message=str(exc))
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])


server = Server("onboarding", on_list_prompts=on_list_prompts, on_get_prompt=on_get_prompt)
