from mcp import types
from mcp.server import Server, ServerRequestContext

from .prompts import BRIEF, render_brief


def create_server() -> Server:
    table = {BRIEF.name: render_brief}

    async def list_prompts(ctx: ServerRequestContext, params) -> types.ListPromptsResult:
        return types.ListPromptsResult(prompts=[BRIEF])

    async def get_prompt(ctx: ServerRequestContext, params: types.GetPromptRequestParams):
        fn = table.get(params.name)
        if fn is None:
            return types.ErrorData(code=types.INVALID_PARAMS, message=f"unknown prompt {params.name}")
        return fn(params.arguments or {})

    return Server("briefing", on_list_prompts=list_prompts, on_get_prompt=get_prompt)
