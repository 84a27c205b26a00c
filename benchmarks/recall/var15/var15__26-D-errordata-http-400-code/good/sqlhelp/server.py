from mcp import types
from mcp.server import Server

from . import prompts

CATALOG = {prompts.EXPLAIN.name: (prompts.EXPLAIN, prompts.explain_query)}


def create() -> Server:
    async def list_prompts(ctx, params):
        return types.ListPromptsResult(prompts=[p for p, _ in CATALOG.values()])

    async def get_prompt(ctx, params: types.GetPromptRequestParams):
        if params.name not in CATALOG:
            return types.ErrorData(code=types.INVALID_PARAMS, message=f"unknown prompt {params.name}")
        return CATALOG[params.name][1](params.arguments or {})

    return Server("sqlhelp", on_list_prompts=list_prompts, on_get_prompt=get_prompt)
