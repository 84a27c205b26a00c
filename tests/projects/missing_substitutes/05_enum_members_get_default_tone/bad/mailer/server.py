from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext

from . import prompts

ROUTES = {prompts.REPLY.name: prompts.reply}


async def list_prompts(ctx: ServerRequestContext, params) -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=[prompts.REPLY])


async def get_prompt(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
    if params.name not in ROUTES:
        raise MCPError(code=types.INVALID_PARAMS, message=f"unknown prompt {params.name}")
    return ROUTES[params.name](params.arguments or {})


server = Server("mailer", on_list_prompts=list_prompts, on_get_prompt=get_prompt)
